package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.instrumentation.log4j.appender.v2_17.OpenTelemetryAppenderContextDataInjector;
import io.ringlog.contract.TracedCallers;
import java.nio.file.Path;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With OpenTelemetry's context-data injector ({@code log4j2.contextDataInjector}, set before Log4j2 starts: this class
 * runs in a JVM of its own), the whole context travels in each event's context data, and {@code <RingAsync>}'s slots
 * keep it: every record is exported with its caller's span, and the targets find the caller's context in the
 * context data.
 */
class OpenTelemetryContextDataInjectorIT {
    static {
        System.setProperty("log4j2.contextDataInjector", OpenTelemetryAppenderContextDataInjector.class.getName());
    }

    @TempDir
    Path dir;

    @Test
    void theInjectedContextTravelsInTheSlotsContextData() throws Exception {
        LoggerContext log4j = TestContexts.start("opentelemetry-ring.xml", dir);
        try (TracedCallers callers = new TracedCallers()) {
            OpenTelemetryContextIT.logFromTracedCallers(log4j, callers);

            callers.assertEveryRecordHasItsCallersSpan();
            ContextRecordingAppender recording = TestContexts.appender(log4j, "CONTEXT", ContextRecordingAppender.class);
            await().until(() -> recording.current().size() >= callers.logged());
            assertThat(recording.inContextData()).as("one per traced call").hasSize(callers.logged() / 2);
            callers.assertSeenContextsAreTheCallers(recording.current());
            recording.inContextData().forEach((message, context) -> assertThat(recording.current().get(message)).isSameAs(context));
        } finally {
            log4j.stop();
        }
    }
}
