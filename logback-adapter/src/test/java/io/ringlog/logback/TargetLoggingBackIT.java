package io.ringlog.logback;

import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import io.ringlog.contract.LoggingBackScenario;
import io.ringlog.core.PipelineStats;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
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
    @TempDir
    Path dir;

    /**
     * {@code target-logging-back.xml}: ring of 16, blocking; CHILD logs one event back for each event it gets, FILE
     * writes every event delivered. Four callers log bursts ({@link LoggingBackScenario}).
     */
    @Test
    void everyEventAChildLogsWhileItDeliversIsCountedAndTheFileHoldsWhatWasDelivered() throws Exception {
        Path file = dir.resolve("delivered.log");
        PipelineStats stats;
        try (LogbackFixture logback = new LogbackFixture("logging-back").property("logFile", file).configure("target-logging-back")) {
            RingAsyncAppender ring = logback.ring();
            ThreadRecordingAppender child = logback.child("CHILD");
            Logger logger = logback.logger("app");
            LoggingBackScenario.logFromCallers(logger::info);
            // Settled: the last delivery's log-back is offered before that delivery is counted.
            await().atMost(Duration.ofSeconds(20)).until(() -> ring.getStats().queueSize() == 0);
            stats = ring.getStats();
            LoggingBackScenario.assertEveryEventCounted("logback", stats, child.logBacks(), "the child ran on " + child.appendsByThread());
        }
        LoggingBackScenario.assertFileHoldsTheDelivered(Files.readAllLines(file, StandardCharsets.UTF_8), stats,
                ThreadRecordingAppender.LOG_BACK);
    }
}
