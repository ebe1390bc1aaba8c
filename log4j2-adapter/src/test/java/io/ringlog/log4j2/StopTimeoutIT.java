package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.Accounting;
import io.ringlog.contract.ReportedLosses;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stop(timeout, unit)} (Log4j2's {@code LifeCycle2}) waits for the drain no longer than the shorter of its
 * {@code timeout} and {@code shutdownTimeout}, returns false when the drain did not complete, and reports what was
 * left: a target that never returns, one event inside it and 3 queued behind it ({@code stop-timeout.xml},
 * {@code shutdownTimeout} 4 s).
 */
class StopTimeoutIT {
    private static final long SHUTDOWN_TIMEOUT_MILLIS = 4_000;
    /** Generous, and still well below shutdownTimeout: a stop that waited for shutdownTimeout cannot pass. */
    private static final long BOUND_MILLIS = 2_500;

    @TempDir
    Path dir;

    @Test
    void aShorterTimeoutEndsTheWaitAndTheDrainReportsItsLossLater() throws Exception {
        LoggerContext context = TestContexts.start("stop-timeout.xml", dir);
        RingAsyncAppender ring = TestContexts.appender(context, "RING", RingAsyncAppender.class);
        FaultyAppender stuck = TestContexts.appender(context, "STUCK", FaultyAppender.class);
        try (StatusCapture status = StatusCapture.start()) {
            fillBehindTheStuckTarget(context, stuck, ring);

            long begin = System.nanoTime();
            boolean stopped = ring.stop(200, TimeUnit.MILLISECONDS);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);

            assertThat(stopped).as("the drain did not complete").isFalse();
            assertThat(millis).as("stop(200 ms) returned before shutdownTimeout (%d ms)", SHUTDOWN_TIMEOUT_MILLIS)
                    .isLessThan(BOUND_MILLIS);
            assertThat(ring.isStopped()).isTrue();
            assertThat(status.containing("has not delivered 4 events within the stop timeout of 200 ms"))
                    .as(status.messages().toString())
                    .singleElement().asString().contains("'RING'").contains("for up to shutdownTimeout (4000 ms)");

            // The drain went on in the background and gives up at shutdownTimeout, reporting the loss as usual.
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                    assertThat(ReportedLosses.lostAtDrain(status.messages(), "RING")).as(status.messages().toString()).isEqualTo(3));
            PipelineStats stats = ring.getStats();
            Accounting.assertAccounted(stats, 4);
            System.out.printf("[figures] log4j2 stop(200 ms) on a stuck target: returned in %d ms (shutdownTimeout %d)%n",
                    millis, SHUTDOWN_TIMEOUT_MILLIS);
        } finally {
            stuck.faults().release();
            context.stop();
        }
    }

    @Test
    void aShorterTimeoutStillReturnsTrueWhenTheDrainCompletes() throws Exception {
        LoggerContext context = TestContexts.start("stop-timeout.xml", dir);
        RingAsyncAppender ring = TestContexts.appender(context, "RING", RingAsyncAppender.class);
        FaultyAppender stuck = TestContexts.appender(context, "STUCK", FaultyAppender.class);
        try (StatusCapture status = StatusCapture.start()) {
            context.getLogger("app").info("no block");
            stuck.faults().release();

            assertThat(ring.stop(3, TimeUnit.SECONDS)).as(status.messages().toString()).isTrue();
            assertThat(ring.getStats().delivered()).isEqualTo(1);
            assertThat(status.containing("stop timeout")).isEmpty();
        } finally {
            context.stop();
        }
    }

    @Test
    void aLongerTimeoutIsBoundedByShutdownTimeout() throws Exception {
        LoggerContext context = TestContexts.start("stuck-target.xml", dir);
        RingAsyncAppender ring = TestContexts.appender(context, "RING", RingAsyncAppender.class);
        FaultyAppender stuck = TestContexts.appender(context, "STUCK", FaultyAppender.class);
        try (StatusCapture status = StatusCapture.start()) {
            fillBehindTheStuckTarget(context, stuck, ring);

            long begin = System.nanoTime();
            boolean stopped = ring.stop(60, TimeUnit.SECONDS);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);

            assertThat(stopped).isFalse();
            assertThat(millis).as("stop(60 s) ended at shutdownTimeout (300 ms) plus a margin").isLessThan(300 + BOUND_MILLIS);
            assertThat(ReportedLosses.lostAtDrain(status.messages(), "RING")).as(status.messages().toString()).isEqualTo(3);
            assertThat(status.containing("stop timeout")).isEmpty();
        } finally {
            stuck.faults().release();
            context.stop();
        }
    }

    /** One event inside the stuck target, 3 queued behind it. */
    private static void fillBehindTheStuckTarget(LoggerContext context, FaultyAppender stuck, RingAsyncAppender ring) {
        Logger logger = context.getLogger("app");
        logger.info("line 0");
        await().atMost(Duration.ofSeconds(20)).until(() -> stuck.faults().blocked() == 1);
        for (int i = 1; i <= 3; i++) {
            logger.info("line {}", i);
        }
        assertThat(ring.getStats().queueSize()).as("queued, the one inside the target included").isEqualTo(4);
    }
}
