package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.TestThreads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import io.ringlog.core.PipelineStats;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.impl.DefaultLogEventFactory;
import org.apache.logging.log4j.message.ReusableMessageFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A parameter whose {@code toString()} logs, formatted while RingAsync stops (stopped on its own, or its drain at the
 * JVM's exit while Log4j2 keeps running). RingAsync formats a message that is not reusable before it claims a slot
 * ({@link FormattingBeforeTheClaimIT}), and Log4j2's reusable events have formatted theirs before they reach it; a
 * reusable message in an event that left it unformatted (here: Log4j2's reusable messages with the plain event
 * factory) is formatted while RingAsync copies the event into the slot it claimed, so the nested call
 * (through another logger that refers to the same RingAsync) runs while that slot is unpublished, and the drain waits
 * for it. The nested call used to wait for the drain in turn: a deadlock until {@code shutdownTimeout}, then the events
 * reported lost. Now it is queued, and the stop completes at once with every line written. (Through a LoggerContext
 * stop the nested call does not reach RingAsync: Log4j2 drops it while it stops its loggers.)
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NestedLogDuringDrainIT {
    @TempDir
    Path dir;

    @Test
    void aParameterThatLogsWhileRingAsyncStopsNeitherStallsTheDrainNorLosesALine() throws Exception {
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = TestContexts.start("nested-log-during-drain.xml", dir);
            // The plain event factory keeps the reusable message unformatted until an appender needs it, and RingAsync
            // formats it while it copies the event into its slot. The message factory is named because the default one
            // differs between Log4j2 versions (with 2.23.1's, the message was formatted before the claim).
            context.getConfiguration().getRootLogger().setLogEventFactory(DefaultLogEventFactory.getInstance());
            Logger logger = context.getLogger("app", ReusableMessageFactory.INSTANCE);
            Logger nestedLogger = context.getLogger("nested");
            RingAsyncAppender ring = TestContexts.appender(context, "RING", RingAsyncAppender.class);
            CountDownLatch formatting = new CountDownLatch(1);
            AtomicReference<Thread> stopper = new AtomicReference<>();
            Object loggingParameter = new Object() {
                @Override
                public String toString() {
                    formatting.countDown();
                    await().atMost(Duration.ofSeconds(10)).until(() -> isWaitingInsideTheDrain(stopper.get()));
                    nestedLogger.info("nested line");
                    return "parameter";
                }
            };
            logger.info("first line");
            Thread caller = TestThreads.startThread("caller", () -> logger.info("outer line with {}", loggingParameter));
            assertThat(formatting.await(10, TimeUnit.SECONDS)).isTrue();

            long begun = System.nanoTime();
            Thread stopping = TestThreads.startThread("stopper", () -> ring.stop(30, TimeUnit.SECONDS));
            stopper.set(stopping);
            stopping.join(TimeUnit.SECONDS.toMillis(15));
            long stopMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
            caller.join(TimeUnit.SECONDS.toMillis(15));

            assertThat(stopping.isAlive()).as("RingAsync's stop() still running after 15 s").isFalse();
            assertThat(caller.isAlive()).as("the caller still logging after 15 s").isFalse();
            assertThat(stopMillis).as("the stop waited for its drain bound (20 s); Log4j2's status: %s", status.messages())
                    .isLessThan(10_000);
            assertThat(TestContexts.lines(dir.resolve("nested.log")))
                    .containsExactly("first line", "outer line with parameter", "nested line");
            assertThat(status.containing("could not deliver")).isEmpty();
            PipelineStats stats = ring.getStats();
            assertThat(stats.delivered()).as(stats.toString()).isEqualTo(3);
            assertThat(stats.dropped() + stats.deliveredDirectly()).as(stats.toString()).isZero();
            context.stop();
        }
    }

    /** The stopping thread is parked inside RingAsync's stop (waiting for the drain). */
    private static boolean isWaitingInsideTheDrain(Thread stopper) {
        if (stopper == null) {
            return false;
        }
        return TestThreads.isParked(stopper)
                && Arrays.stream(stopper.getStackTrace()).anyMatch(frame -> frame.getClassName().equals(RingAsyncAppender.class.getName())
                        && frame.getMethodName().equals("stop"));
    }
}
