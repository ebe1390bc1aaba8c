package io.ringlog.core.internal;

import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.StatusReporter;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Makes drops and downstream failures visible through the framework's status channel without flooding
 * it: the first failure of an interval is reported at once with its cause, everything else as one summary
 * per interval ("dropped 1,234 events below WARN in the last 10 s").
 *
 * <p>Implementation notes: {@link #report(long)} runs on the {@link ReportScheduler}'s thread every interval
 * and once more on the thread that stops the pipeline; {@link #failure(Throwable)} runs on the consumer.
 * Both are synchronized, which orders the bookkeeping fields between those threads. Nothing here runs on
 * a caller's path.
 */
final class ActivityReporter {
    private final String appender;
    private final PipelineSettings settings;
    private final StatusReporter status;
    private final DropCounters drops;
    private final PipelineState state;
    private final long intervalNanos;

    private long lastReportAt;
    private long[] byPolicyAtLastReport = new long[EventLevel.values().length];
    private long[] afterStopAtLastReport = new long[EventLevel.values().length];
    private long failuresInInterval;
    private Throwable lastFailure;

    ActivityReporter(PipelineSettings settings, StatusReporter status, DropCounters drops, PipelineState state, long nowNanos) {
        this.appender = settings.name();
        this.settings = settings;
        this.status = status;
        this.drops = drops;
        this.state = state;
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(settings.reportIntervalMillis());
        this.lastReportAt = nowNanos;
    }

    /** Emits a summary of whatever has not been reported yet, now. */
    synchronized void report(long nowNanos) {
        // Each cause against its own last reading: a drop counted between two readings is reported once, in this
        // summary or the next (the total minus one cause read a moment apart reported one such drop twice).
        long[] policy = drops.byPolicySnapshot();
        long[] afterStop = drops.afterStopSnapshot();
        DropDelta byPolicy = new DropDelta();
        DropDelta refused = new DropDelta();
        for (EventLevel level : EventLevel.values()) {
            int i = level.ordinal();
            refused.add(level, afterStop[i] - afterStopAtLastReport[i]);
            byPolicy.add(level, policy[i] - byPolicyAtLastReport[i]);
        }
        String period = describePeriod(nowNanos - lastReportAt);
        long failures = failuresInInterval;
        Throwable failure = lastFailure;
        // The bookkeeping moves on before the status channel is called: if that throws, nothing is reported twice.
        byPolicyAtLastReport = policy;
        afterStopAtLastReport = afterStop;
        failuresInInterval = 0;
        lastFailure = null;
        lastReportAt = nowNanos;
        if (byPolicy.total > 0) {
            status.warn("Ringlog appender '" + appender + "' dropped " + byPolicy.describe() + " in the last " + period
                    + " (fullQueuePolicy " + settings.fullQueuePolicy() + ", queue size " + settings.capacity()
                    + ", discardingThreshold " + settings.discardingThreshold() + ")");
        }
        if (refused.total > 0) {
            String why = state.get() == PipelineState.ABANDONED
                    ? "because its drain had given up (a downstream appender is blocked or too slow)"
                    : "because it was not running (stopped, or not started yet)";
            status.warn("Ringlog appender '" + appender + "' dropped " + refused.describe() + " in the last " + period
                    + " that arrived after it stopped accepting events, " + why);
        }
        if (failures > 1) {
            status.error("Ringlog appender '" + appender + "': downstream appenders threw on " + count(failures)
                    + " events in the last " + period + "; the last failure was: " + failure, null);
        }
    }

    /** Drops of one cause in one interval. */
    private static final class DropDelta {
        long total;
        long warnOrAbove;

        void add(EventLevel level, long count) {
            total += count;
            if (!level.isBelowWarn()) {
                warnOrAbove += count;
            }
        }

        String describe() {
            return count(total) + (total == 1 ? " event" : " events")
                    + (warnOrAbove == 0 ? " below WARN" : " (" + count(warnOrAbove) + " of them WARN or ERROR)");
        }
    }

    /** Records a downstream failure; the first of an interval is reported at once, with its cause. */
    synchronized void failure(Throwable cause) {
        if (failuresInInterval == 0) {
            status.error("Ringlog appender '" + appender + "': a downstream appender threw; the event is counted as failed and "
                    + "delivery goes on (further failures are summarised every " + describePeriod(intervalNanos) + ")", cause);
        }
        failuresInInterval++;
        lastFailure = cause;
    }

    private static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    private static String describePeriod(long nanos) {
        long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
        return millis >= 1000 ? (millis + 500) / 1000 + " s" : millis + " ms";
    }
}
