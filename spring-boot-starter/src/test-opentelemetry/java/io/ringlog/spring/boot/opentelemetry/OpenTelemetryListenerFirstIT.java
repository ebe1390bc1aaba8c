package io.ringlog.spring.boot.opentelemetry;

/** OpenTelemetry's listener registered before Ringlog's (OpenTelemetry's jar first on the class path). */
class OpenTelemetryListenerFirstIT extends LogbackOpenTelemetryStarterContract {

    @Override
    protected boolean ringlogListenerRegisteredFirst() {
        return false;
    }
}
