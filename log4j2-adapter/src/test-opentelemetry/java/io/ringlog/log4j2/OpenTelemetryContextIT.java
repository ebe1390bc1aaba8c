package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.instrumentation.log4j.appender.v2_17.OpenTelemetryAppender;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.ringlog.contract.TracedCallers;
import java.nio.file.Path;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OpenTelemetry's Log4j2 appender behind {@code <RingAsync>}, with no context-data injector configured: every record is
 * exported with the span that was current at its logging call, from several threads at once, because Ringlog makes
 * the caller's context current around the delivery; a plain target sees the caller's span and baggage. Span ids put in
 * the context data ({@code trace_id}, {@code span_id}, {@code trace_flags}, as OpenTelemetry's context-data provider
 * does) still give the span. Compiled and run apart from the other tests (failsafe execution {@code opentelemetry-it}),
 * the only ones with OpenTelemetry on the class path; {@link OpenTelemetryContextDataInjectorIT} covers the injector.
 */
class OpenTelemetryContextIT {
    @TempDir
    Path dir;
    private LoggerContext log4j;

    @BeforeEach
    void configure() {
        log4j = TestContexts.start("opentelemetry-ring.xml", dir);
    }

    @AfterEach
    void stop() {
        log4j.stop();
    }

    /** Installs the SDK into the OpenTelemetry appenders of the configuration, logs from traced callers, awaits the records. */
    static void logFromTracedCallers(LoggerContext log4j, TracedCallers callers) throws InterruptedException {
        OpenTelemetryAppender.install(callers.openTelemetry());
        callers.logAndAwaitExport(log4j.getLogger("app")::info);
    }

    @Test
    void everyRecordIsExportedWithTheSpanOfItsCallAndTheFullContextIsCurrentForTheTargets() throws Exception {
        try (TracedCallers callers = new TracedCallers()) {
            logFromTracedCallers(log4j, callers);

            callers.assertEveryRecordHasItsCallersSpan();
            ContextRecordingAppender recording = TestContexts.appender(log4j, "CONTEXT", ContextRecordingAppender.class);
            await().until(() -> recording.current().size() >= callers.logged());
            callers.assertSeenContextsAreTheCallers(recording.current());
            assertThat(recording.inContextData()).as("no injector configured").isEmpty();
        }
    }

    @Test
    void spanIdsInTheContextDataStillGiveTheSpan() {
        SpanContext span = SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331", TraceFlags.getSampled(),
                TraceState.getDefault());
        try (TracedCallers callers = new TracedCallers()) {
            OpenTelemetryAppender.install(callers.openTelemetry());
            ThreadContext.put("trace_id", span.getTraceId());
            ThreadContext.put("span_id", span.getSpanId());
            ThreadContext.put("trace_flags", span.getTraceFlags().asHex());
            try {
                log4j.getLogger("app").info("no span current, its ids in the context data");
            } finally {
                ThreadContext.clearMap();
            }
            await().until(() -> callers.exported().size() == 1);

            LogRecordData record = callers.exported().get(0);
            assertThat(record.getSpanContext().getTraceId()).isEqualTo(span.getTraceId());
            assertThat(record.getSpanContext().getSpanId()).isEqualTo(span.getSpanId());
        }
    }
}
