package io.ringlog.spring.boot.opentelemetry;

/** Ringlog's listener registered before OpenTelemetry's (Ringlog's jar first on the class path). */
class RinglogListenerFirstIT extends LogbackOpenTelemetryStarterContract {

    @Override
    protected boolean ringlogListenerRegisteredFirst() {
        return true;
    }
}
