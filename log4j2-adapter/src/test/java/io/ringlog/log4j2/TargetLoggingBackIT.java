package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.Accounting;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
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
    private static final int CALLERS = 4;
    private static final int BURSTS = 25;
    private static final int BURST = 4;
    private static final int LOGGED_BY_APPLICATION = CALLERS * BURSTS * BURST;
    private static final long PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(500);

    @TempDir
    Path dir;

    /**
     * {@code target-logging-back.xml}: ring of 16, blocking; TARGET logs one event back for each event it gets, FILE
     * writes every event delivered. Four callers log bursts. Every event logged (the application's and the target's)
     * is delivered, dropped, failed or delivered directly, and the file holds exactly the delivered ones.
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
                List<Thread> callers = new ArrayList<>();
                for (int c = 0; c < CALLERS; c++) {
                    int caller = c;
                    callers.add(TestThreads.startThread("caller-" + c, () -> logBursts(logger, caller)));
                }
                for (Thread caller : callers) {
                    caller.join(TimeUnit.SECONDS.toMillis(30));
                    assertThat(caller.isAlive()).as("%s still logging after 30 s", caller.getName()).isFalse();
                }
                // Settled: the last delivery's log-back is offered before that delivery is counted.
                await().atMost(Duration.ofSeconds(20)).until(() -> ring.getStats().queueSize() == 0);
                int logBacks = target.logBacks();
                stats = ring.getStats();
                long logged = LOGGED_BY_APPLICATION + logBacks;
                long counted = stats.delivered() + stats.dropped() + stats.failed() + stats.deliveredDirectly();
                System.out.printf("[figures] log4j2 logging back: logged=%d counted=%d, the target ran on %s%n", logged, counted,
                        target.appendsByThread());
                assertThat(counted)
                        .as("logged %d events (%d by the application, %d log-backs by the target); delivered + dropped + failed + "
                                + "deliveredDirectly = %d, so %d are in no counter: %s; the target ran on %s; Log4j2's status: %s",
                                logged, LOGGED_BY_APPLICATION, logBacks, counted, logged - counted, stats, target.appendsByThread(),
                                status.containing("Recursive call").stream().findFirst().orElse("no recursive call reported"))
                        .isEqualTo(logged);
                Accounting.assertAccounted(stats, logged);
            } finally {
                context.stop();
            }
        }
        List<String> lines = TestContexts.lines(file);
        assertThat(lines).as("the file holds every delivered event: %s", stats).hasSize((int) stats.delivered());
        assertThat(lines.stream().filter(line -> !line.startsWith(ThreadRecordingAppender.LOG_BACK)))
                .as("every event of the application (blocking: none is dropped)").hasSize(LOGGED_BY_APPLICATION);
    }

    private static void logBursts(Logger logger, int caller) {
        for (int b = 0; b < BURSTS; b++) {
            for (int i = 0; i < BURST; i++) {
                logger.info("caller {} burst {} event {}", caller, b, i);
            }
            LockSupport.parkNanos(PAUSE_NANOS); // the scenario: bursts, between which the consumer naps
        }
    }
}
