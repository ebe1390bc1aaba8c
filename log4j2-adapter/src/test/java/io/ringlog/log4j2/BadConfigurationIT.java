package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.FullQueuePolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each invalid RingAsync is reported with what was wrong and left out; the rest of the configuration works. */
class BadConfigurationIT {

    @TempDir
    Path dir;

    @Test
    void invalidValuesAreReportedAndTheAppenderIsNotCreated() {
        try (StatusCapture status = StatusCapture.start();
             LoggerContext context = TestContexts.start("bad.xml", dir)) {
            Configuration configuration = context.getConfiguration();
            assertError(status, "RingAsync appender 'BAD_SIZE': bufferSize must be between 1 and 1048576, was 0; the appender was not created");
            assertError(status, "RingAsync appender 'BAD_POLICY': Unknown fullQueuePolicy 'SOMETIMES': expected one of BLOCK, DROP_BELOW_WARN, DROP_ALL");
            assertError(status, "RingAsync appender 'BAD_THRESHOLD': discardingThreshold must be between 0 (off) and the queue size minus one (15)");
            assertError(status, "RingAsync appender 'BAD_TIMEOUT': shutdownTimeout must be >= 0 ms");
            assertError(status, "RingAsync appender 'BAD_BLOCK': maxBlockTime must be -1");
            assertError(status, "RingAsync appender 'BAD_BATCH': maxBatchSize must be >= 1, was 0");
            assertError(status, "RingAsync appender 'BAD_BLOCKING': blocking must be true or false, was \"fals\"; the appender was not created");
            assertError(status, "RingAsync appender 'BAD_DRAIN_ON_EXIT': drainOnExit must be true or false, was \"yes\"; the appender was not created");
            assertError(status, "RingAsync appender 'BAD_LOCATION': includeLocation must be true or false, was \"ture\"");
            assertError(status, "RingAsync appender 'BAD_JMX': jmx must be true or false, was \"off\"");
            assertError(status, "RingAsync appender 'BAD_IGNORE': ignoreExceptions must be true or false, was \"flase\"");
            assertError(status, "RingAsync appender 'BAD_CALLER_ENCODING': callerEncoding must be AUTO, ALWAYS or NEVER, was \"sometimes\"; "
                    + "the appender was not created");
            assertError(status, "RingAsync appender 'NO_REF' has no <AppenderRef>, so no appender to deliver to; the appender was not created");
            for (String name : List.of("BAD_SIZE", "BAD_POLICY", "BAD_THRESHOLD", "BAD_TIMEOUT", "BAD_BLOCK", "BAD_BATCH", "BAD_BLOCKING",
                    "BAD_DRAIN_ON_EXIT", "BAD_LOCATION", "BAD_JMX", "BAD_IGNORE", "BAD_CALLER_ENCODING", "NO_REF")) {
                assertThat(configuration.<RingAsyncAppender>getAppender(name)).as(name).isNull();
            }

            assertThat(status.messages()).as("status messages").anyMatch(m -> m.startsWith("WARN")
                    && m.contains("RingAsync appender 'POINTLESS_WAIT': maxBlockTime=10 has no effect"));
            assertThat(configuration.<RingAsyncAppender>getAppender("POINTLESS_WAIT")).isNotNull();
            assertThat(configuration.<RingAsyncAppender>getAppender("UPPER_CASE_BLOCKING").getSettings().fullQueuePolicy())
                    .as("true and false in any case, as Log4j2 reads them").isEqualTo(FullQueuePolicy.DROP_ALL);

            assertError(status, "RingAsync appender 'MISSING_REF': AppenderRef 'NOWHERE' names no other configured appender");
            assertError(status, "RingAsync appender 'MISSING_REF' has no appender to deliver to; it was not started");
            RingAsyncAppender missing = appender(context, "MISSING_REF", RingAsyncAppender.class);
            assertThat(missing.isStarted()).isFalse();

            context.getLogger("bad").info("still logging");
            GateAppender gate = appender(context, "GATE", GateAppender.class);
            await().atMost(Duration.ofSeconds(20)).until(() -> gate.count() == 1);
            assertThat(missing.getStats().received()).isZero();
        }
    }

    private static void assertError(StatusCapture status, String text) {
        assertThat(status.messages()).as("status messages").anyMatch(m -> m.startsWith("ERROR") && m.contains(text));
    }
}
