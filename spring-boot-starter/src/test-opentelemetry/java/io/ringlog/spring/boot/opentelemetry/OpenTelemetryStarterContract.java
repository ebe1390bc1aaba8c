package io.ringlog.spring.boot.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What the two starters promise together, whichever the framework: every record OpenTelemetry exports carries the
 * trace and span of the call that logged it, though OpenTelemetry's appender runs on Ringlog's consumer thread. One
 * subclass per framework and arrangement, each in a JVM of its own.
 */
public abstract class OpenTelemetryStarterContract {
    private static final String QUEUED_AT_CLOSE = "queued-at-close";

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

    /**
     * Events still queued in Ringlog when the application context closes reach OpenTelemetry's SDK before the context
     * destroys it (the SDK is a bean): with an exporter that takes 300 µs a record, most of 1,000 events are still
     * queued when the context begins to close, and every one is exported.
     */
    @Test
    public void eventsQueuedWhenTheContextClosesAreExported() {
        SlowCountingExporter counting;
        try (ConfigurableApplicationContext context = application().properties("test.export.delay-micros=300").run()) {
            counting = context.getBean(SlowCountingExporter.class);
            Logger logger = LoggerFactory.getLogger(QUEUED_AT_CLOSE);
            for (int i = 0; i < 1_000; i++) {
                logger.info("queued when the context closes {}", i);
            }
        }
        assertThat(counting.exported(QUEUED_AT_CLOSE)).isEqualTo(1_000);
    }
}
