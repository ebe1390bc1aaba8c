package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.TestThreads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only RingAsync's consumer thread calls the targets with queued events: a caller that finds the ring full waits for
 * room and never delivers other callers' events itself. Otherwise a target that never returns captures a logging call,
 * and Log4j2's stop, which waits without a bound for every logging call in flight
 * ({@code AwaitCompletionReliabilityStrategy}), never returns, whatever {@code shutdownTimeout} says.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CallersNeverDeliverIT {
    private static final int CALLERS = 4;
    private static final int BURSTS = 200;
    private static final int BURST = 8;
    private static final long PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
    private static final long STOP_BOUND_MILLIS = 5_000;

    @TempDir
    Path dir;

    /**
     * {@code stuck-off-consumer.xml}: the target returns on {@code ringlog-RING} only. Four callers log bursts into
     * the ring of 4 (a pause between bursts lets the consumer nap, so that a burst finds the ring full), then the
     * context is stopped: it must return within {@value #STOP_BOUND_MILLIS} ms, and the target must only ever have run
     * on the consumer thread.
     */
    @Test
    void aTargetStuckOffTheConsumerThreadNeverHoldsALoggingCallSoTheContextStops() throws Exception {
        LoggerContext context = TestContexts.start("stuck-off-consumer.xml", dir);
        ThreadRecordingAppender target = TestContexts.appender(context, "TARGET", ThreadRecordingAppender.class);
        Logger logger = context.getLogger("app");
        List<Thread> callers = new ArrayList<>();
        Thread stopping = null;
        try {
            long logging = System.nanoTime();
            for (int c = 0; c < CALLERS; c++) {
                int caller = c;
                callers.add(TestThreads.startThread("caller-" + c, () -> logBursts(logger, caller)));
            }
            // Done logging, or one caller is held in the target (then the others wait for room behind it).
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> target.held() > 0 || callers.stream().noneMatch(Thread::isAlive));

            long loggedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - logging);
            stopping = new Thread(() -> context.stop(10, TimeUnit.SECONDS), "stopping");
            long begin = System.nanoTime();
            stopping.start();
            stopping.join(STOP_BOUND_MILLIS);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);

            System.out.printf("[figures] log4j2 target stuck off the consumer: logging ended (or a caller was held) after %d ms, "
                    + "held=%d, the stop %s after %d ms%n", loggedMillis, target.held(), stopping.isAlive() ? "had not returned" : "returned",
                    millis);
            assertThat(stopping.isAlive())
                    .as("LoggerContext.stop(10 s) has not returned after %d ms (shutdownTimeout 300 ms); the target ran on %s; the "
                            + "stopping thread is at:%n%s", millis, target.appendsByThread(), stackOf(stopping))
                    .isFalse();
            assertThat(target.appendsByThread().keySet())
                    .as("threads that called the target, with their appends: %s (%d held off the consumer thread)",
                            target.appendsByThread(), target.held())
                    .containsOnly("ringlog-RING");
        } finally {
            target.release();
            for (Thread caller : callers) {
                caller.join(TimeUnit.SECONDS.toMillis(10));
            }
            if (stopping != null) {
                stopping.join(TimeUnit.SECONDS.toMillis(10));
            }
            context.stop();
        }
        assertThat(callers.stream().filter(Thread::isAlive).map(Thread::getName)).as("callers still logging").isEmpty();
    }

    private static void logBursts(Logger logger, int caller) {
        for (int b = 0; b < BURSTS; b++) {
            for (int i = 0; i < BURST; i++) {
                logger.info("caller {} burst {} event {}", caller, b, i);
            }
            LockSupport.parkNanos(PAUSE_NANOS); // the scenario: bursts, between which the consumer naps
        }
    }

    private static String stackOf(Thread thread) {
        StackTraceElement[] frames = thread.getStackTrace();
        return Arrays.stream(frames).limit(25).map(frame -> "\tat " + frame).collect(Collectors.joining(System.lineSeparator()));
    }
}
