package io.ringlog.spring.boot.opentelemetry;

import static org.awaitility.Awaitility.await;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What the two starters promise together, whichever the framework: every record OpenTelemetry exports carries the
 * trace and span of the call that logged it, though OpenTelemetry's appender runs on Ringlog's consumer thread. One
 * subclass per framework and arrangement, each in a JVM of its own.
 */
public abstract class OpenTelemetryStarterContract {

    /** The application to start: {@link TracedApplication} with the subclass's arrangement. */
    protected abstract SpringApplicationBuilder application();

    /** Checks where OpenTelemetry's appender ended up, once the application has started. */
    protected abstract void assertOpenTelemetryAppenderBehindRinglog();

    @Test
    public void everyExportedRecordCarriesTheSpanOfItsLoggingCall() throws Exception {
        try (ConfigurableApplicationContext context = application().run()) {
            assertOpenTelemetryAppenderBehindRinglog();
            InMemoryLogRecordExporter exporter = context.getBean(InMemoryLogRecordExporter.class);
            SpanPerCaller callers = new SpanPerCaller(context.getBean(OpenTelemetry.class));

            callers.log();

            await().untilAsserted(() -> callers.assertEachRecordHasItsCallersSpan(exporter.getFinishedLogRecordItems()));
        }
    }
}
