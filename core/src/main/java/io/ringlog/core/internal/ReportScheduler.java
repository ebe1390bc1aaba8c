package io.ringlog.core.internal;

import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One daemon thread per JVM, {@code ringlog-reporter}, that emits every running pipeline's periodic
 * summary on time, whether the consumer is busy, idle or stuck in a slow downstream appender.
 *
 * <p>Implementation notes: the executor is created on first use (class initialisation is the lock) and
 * lives as long as the class; cancelled tasks are removed at once so stopped pipelines are not retained.
 */
final class ReportScheduler {
    private static final ScheduledThreadPoolExecutor EXECUTOR = createExecutor();

    private ReportScheduler() {
    }

    private static ScheduledThreadPoolExecutor createExecutor() {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "ringlog-reporter");
            thread.setDaemon(true);
            return thread;
        });
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        return executor;
    }

    /** Runs {@code report} once, after {@code delayMillis}. */
    static void once(long delayMillis, Runnable report) {
        EXECUTOR.schedule(guarded(report), delayMillis, TimeUnit.MILLISECONDS);
    }

    /** Runs {@code report} every {@code periodMillis} until the returned future is cancelled. */
    static Future<?> every(long periodMillis, Runnable report) {
        return EXECUTOR.scheduleAtFixedRate(guarded(report), periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * A report that throws (while it is built: the channel itself cannot, see {@link GuardedStatus}) must not end
     * the schedule: a periodic task that throws is never run again, and every later summary of every pipeline would
     * be lost with it.
     */
    private static Runnable guarded(Runnable report) {
        return () -> {
            try {
                report.run();
            } catch (Throwable reportFailed) {
                // Nowhere left to report it; the counters still hold every drop.
            }
        };
    }
}
