package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import io.ringlog.contract.Accounting;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.PipelineStats;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child that logs while it delivers (through a logger routed to the same RingAsyncAppender) loses nothing
 * uncounted: its events are queued, or dropped and counted when the ring is full. That holds only because the children
 * run on the consumer thread alone: on a caller delivering other callers' events, that caller is still inside
 * RingAsyncAppender's {@code doAppend}, whose per-thread re-entry guard ({@code UnsynchronizedAppenderBase}) returns
 * without a word, and the child's event is in no counter and no file. (Logback 1.3 and 1.4 guard with a ThreadLocal; the
 * build's 1.5.38 builds UnsynchronizedAppenderBase's guard as a no-op, so there a caller's re-entry reaches the ring and
 * is dropped and counted: this test then passes even while callers deliver. Run it on 1.4 with
 * {@code -Dtest.logback.version=1.4.14 -Dtest.slf4j.version=2.0.7}.)
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
     * {@code target-logging-back.xml}: ring of 16, blocking; CHILD logs one event back for each event it gets, FILE
     * writes every event delivered. Four callers log bursts. Every event logged (the application's and the child's) is
     * delivered, dropped, failed or delivered directly, and the file holds exactly the delivered ones.
     */
    @Test
    void everyEventAChildLogsWhileItDeliversIsCountedAndTheFileHoldsWhatWasDelivered() throws Exception {
        Path file = dir.resolve("delivered.log");
        PipelineStats stats;
        try (LogbackFixture logback = new LogbackFixture("logging-back").property("logFile", file).configure("target-logging-back")) {
            RingAsyncAppender ring = logback.ring();
            ThreadRecordingAppender child = logback.child("CHILD");
            Logger logger = logback.logger("app");
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
            int logBacks = child.logBacks();
            stats = ring.getStats();
            long logged = LOGGED_BY_APPLICATION + logBacks;
            long counted = stats.delivered() + stats.dropped() + stats.failed() + stats.deliveredDirectly();
            System.out.printf("[figures] logback logging back: logged=%d counted=%d, the child ran on %s%n", logged, counted,
                    child.appendsByThread());
            assertThat(counted)
                    .as("logged %d events (%d by the application, %d log-backs by the child); delivered + dropped + failed + "
                            + "deliveredDirectly = %d, so %d are in no counter: %s; the child ran on %s", logged,
                            LOGGED_BY_APPLICATION, logBacks, counted, logged - counted, stats, child.appendsByThread())
                    .isEqualTo(logged);
            Accounting.assertAccounted(stats, logged);
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
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
