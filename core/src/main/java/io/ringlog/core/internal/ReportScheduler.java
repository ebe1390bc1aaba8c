package io.ringlog.core.internal;

import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One daemon thread per Ringlog class loader, {@value #THREAD_NAME}, that emits every running pipeline's periodic
 * summary on time, whether the consumer is busy, idle or stuck in a slow downstream appender. The thread exists
 * only while a summary is scheduled: from the first pipeline's start until {@value #KEEP_ALIVE_MILLIS} ms after
 * the last pipeline stopped and its last late summary ran. So when an application that carries Ringlog is
 * undeployed, no Ringlog thread is left behind to keep its class loader reachable.
 *
 * <p>Implementation notes:
 * <ul>
 * <li>{@code EXECUTOR}: created at class initialisation (the class initialisation lock publishes it) and never
 * replaced or shut down; all its shared state is the JDK's. Cancelled tasks are removed from its queue at once
 * (remove-on-cancel), so a stopped pipeline is neither retained nor counted as pending work.
 * <li>The thread's lifetime: one core thread that may time out ({@code allowCoreThreadTimeOut}). The worker polls
 * the queue with the keep-alive as timeout, and {@code ThreadPoolExecutor} lets the last worker exit only when the
 * queue is empty (a delayed task counts: a periodic summary keeps the thread, which then wakes once per keep-alive
 * in between, a negligible cost). The race of a task scheduled while the last worker exits is the JDK's to settle,
 * through its CAS on the worker count: either the exiting worker sees the queue non-empty and starts a replacement,
 * or {@code schedule} sees no worker and starts one. (The caution in {@code ScheduledThreadPoolExecutor}'s javadoc
 * concerns tasks left without a thread, which those two checks rule out.)
 * <li>The thread is created by whichever caller schedules when no worker is alive (a pipeline's {@code start()}, a
 * late drop, or an exiting worker): {@link DetachedThreadFactory} keeps it from capturing that caller's context
 * class loader, inheritable thread locals or access control context.
 * </ul>
 */
final class ReportScheduler {
    /** The name of the thread. */
    static final String THREAD_NAME = "ringlog-reporter";
    /** How long the thread outlives the last scheduled summary. */
    static final long KEEP_ALIVE_MILLIS = 1_000;

    private static final ScheduledThreadPoolExecutor EXECUTOR = createExecutor();

    private ReportScheduler() {
    }

    private static ScheduledThreadPoolExecutor createExecutor() {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, new DetachedThreadFactory(THREAD_NAME));
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        executor.setKeepAliveTime(KEEP_ALIVE_MILLIS, TimeUnit.MILLISECONDS);
        executor.allowCoreThreadTimeOut(true);
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
