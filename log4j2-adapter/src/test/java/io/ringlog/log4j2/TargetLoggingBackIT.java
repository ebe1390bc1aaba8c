package io.ringlog.log4j2;

import static org.awaitility.Awaitility.await;

import io.ringlog.contract.LoggingBackScenario;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target that logs while it delivers (through a logger routed to the same RingAsync) loses nothing uncounted: its
 * events are queued, or dropped and counted when the ring is full. That holds only because the targets run on the
 * consumer thread alone: on a caller delivering other callers' events, Log4j2's "Recursive call to appender" guard
 * refuses the target's event before RingAsync sees it, and it is in no counter and no file.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TargetLoggingBackIT {
    @TempDir
    Path dir;

    /**
     * {@code target-logging-back.xml}: ring of 16, blocking; TARGET logs one event back for each event it gets, FILE
     * writes every event delivered. Four callers log bursts ({@link LoggingBackScenario}).
     */
    @Test
    void everyEventATargetLogsWhileItDeliversIsCountedAndTheFileHoldsWhatWasDelivered() throws Exception {
        PipelineStats stats;
        Path file = dir.resolve("delivered.log");
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = TestContexts.start("target-logging-back.xml", dir);
            try {
                RingAsyncAppender ring = TestContexts.appender(context, "RING", RingAsyncAppender.class);
                ThreadRecordingAppender target = TestContexts.appender(context, "TARGET", ThreadRecordingAppender.class);
                Logger logger = context.getLogger("app");
                LoggingBackScenario.logFromCallers(logger::info);
                // Settled: the last delivery's log-back is offered before that delivery is counted.
                await().atMost(Duration.ofSeconds(20)).until(() -> ring.getStats().queueSize() == 0);
                stats = ring.getStats();
                LoggingBackScenario.assertEveryEventCounted("log4j2", stats, target.logBacks(), "the target ran on "
                        + target.appendsByThread() + "; Log4j2's status: " + status.containing("Recursive call").stream()
                        .findFirst().orElse("no recursive call reported"));
            } finally {
                context.stop();
            }
        }
        LoggingBackScenario.assertFileHoldsTheDelivered(TestContexts.lines(file), stats, ThreadRecordingAppender.LOG_BACK);
    }
}
