package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.Accounting;
import io.ringlog.contract.ChildJvm;
import io.ringlog.contract.ReportedLosses;
import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.DropReason;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.util.Log4jThread;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target that never returns from append cannot hang Log4j2: a LoggerContext stop, a reconfiguration and the JVM's
 * exit through Log4j2's shutdown hook each end within {@code shutdownTimeout} (300 ms) plus a margin, although Log4j2
 * waits without a bound for every logging call in flight, a parked caller included. What was not delivered is counted
 * and reported: the 3 queued events as lost at the drain, the parked caller's as dropped (it is not sent into the
 * stuck target on its own thread).
 */
class StuckTargetIT {
    private static final long MARGIN_MILLIS = 2_700;

    @TempDir
    Path dir;

    @Test
    void aContextStopEndsAtShutdownTimeout() throws Exception {
        assertBoundedStop(LoggerContext::stop);
    }

    @Test
    void aReconfigurationEndsAtShutdownTimeout() throws Exception {
        assertBoundedStop(LoggerContext::reconfigure);
    }

    private void assertBoundedStop(Consumer<LoggerContext> stopOrReload) throws Exception {
        LoggerContext context = TestContexts.start("stuck-target.xml", dir);
        StuckTarget scenario = StuckTarget.fill(context);
        try (StatusCapture status = StatusCapture.start()) {
            long begin = System.nanoTime();
            Thread stopping = new Thread(() -> stopOrReload.accept(context), "stopping");
            stopping.start();
            stopping.join(300 + MARGIN_MILLIS);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
            assertThat(stopping.isAlive()).as("Log4j2 returned within shutdownTimeout + margin; it took %d ms", millis).isFalse();
            scenario.parked.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(scenario.parked.isAlive()).as("the parked caller returned").isFalse();

            PipelineStats stats = scenario.ring.getStats();
            assertThat(stats.dropped()).as("the parked caller's event: %s", stats).isEqualTo(1);
            assertThat(stats.deliveredDirectly()).isZero();
            Accounting.assertAccounted(stats, StuckTarget.LOGGED);
            assertThat(ReportedLosses.lostAtDrain(status.messages(), "RING")).isEqualTo(3);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(status.containing("'RING' dropped 1 event below WARN"))
                    .as(status.messages().toString()).anyMatch(m -> m.contains("because its drain had given up")));
            System.out.printf("[figures] log4j2 stuck target: returned in %d ms (shutdownTimeout 300), lost=3 + in flight 1, dropped=1%n", millis);
        } finally {
            scenario.stuck.faults().release();
            context.stop();
        }
    }

    /**
     * A Log4j2 thread (an Async Logger's, say) never waits for room: with the ring full it writes its event itself. Into
     * the target the consumer is stuck in, it would be stuck too, a logging call in flight that Log4j2's stop waits for
     * without a bound. It watches the consumer instead, and drops its event once the consumer has stayed a second inside
     * that one event.
     */
    @Test
    void aLog4j2ThreadDoesNotFollowTheConsumerIntoTheStuckTarget() throws Exception {
        LoggerContext context = TestContexts.start("stuck-target.xml", dir);
        RingAsyncAppender ring = TestContexts.appender(context, "RING", RingAsyncAppender.class);
        FaultyAppender stuck = TestContexts.appender(context, "STUCK", FaultyAppender.class);
        Logger logger = context.getLogger("app");
        try (StatusCapture status = StatusCapture.start()) {
            logger.info("line 0");
            await().atMost(Duration.ofSeconds(20)).until(() -> stuck.faults().blocked() == 1);
            for (int i = 1; i < 4; i++) {
                logger.info("line {}", i);
            }
            Thread background = new Log4jThread(() -> logger.info("line from a Log4j2 thread"), "log4j2-background");
            long begin = System.nanoTime();
            background.start();
            background.join(TimeUnit.SECONDS.toMillis(20));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
            assertThat(background.isAlive()).as("the Log4j2 thread returned instead of entering the stuck target").isFalse();
            assertThat(millis).as("it watched the consumer for about a second").isGreaterThanOrEqualTo(AsyncPipeline.STUCK_DELIVERY_MILLIS);
            assertThat(stuck.faults().blocked()).as("only the consumer is inside the target").isEqualTo(1);

            PipelineStats stats = ring.getStats();
            assertThat(stats.dropped(DropReason.QUEUE_FULL)).as("%s", stats).isEqualTo(1);
            assertThat(stats.deliveredDirectly()).isZero();
            assertThat(status.messages()).as("the drop is explained once").anyMatch(m -> m.contains("a Log4j2 thread found the queue full")
                    && m.contains("rather than written into that target"));

            Thread stopping = new Thread(context::stop, "stopping");
            stopping.start();
            stopping.join(300 + MARGIN_MILLIS);
            assertThat(stopping.isAlive()).as("Log4j2's stop returned within shutdownTimeout + margin").isFalse();
            Accounting.assertAccounted(ring.getStats(), StuckTarget.LOGGED);
            System.out.printf("[figures] log4j2 thread behind a stuck target: dropped after %d ms, stop bounded%n", millis);
        } finally {
            stuck.faults().release();
            context.stop();
        }
    }

    @Test
    void theJvmExitsThroughLog4j2sShutdownHook() throws Exception {
        ChildJvm.Result child = ChildJvm.run(StuckTargetExitMain.class, dir.resolve("exit.out"), 60, dir.toString());
        assertThat(child.exitCode).as(child.output).isZero();
        assertThat(child.output).contains("parked, exiting").contains("could not deliver 3 events within its drain timeout of 300 ms")
                .as("the parked caller's drop is reported before the JVM halts").contains("'RING' dropped 1 event below WARN");
    }
}
