package io.ringlog.micrometer;

import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;

/** The monotonic counts of {@link PipelineStats} that {@link RinglogMetrics} publishes, one per meter (or per level). */
enum AppenderCount {
    ENQUEUED,
    DELIVERED,
    FAILED,
    DROPPED_TRACE,
    DROPPED_DEBUG,
    DROPPED_INFO,
    DROPPED_WARN,
    DROPPED_ERROR,
    CALLERS_BLOCKED,
    CALLERS_BLOCKED_NANOS;

    /** This count in a snapshot. */
    long of(PipelineStats stats) {
        switch (this) {
            case ENQUEUED:
                return stats.enqueued();
            case DELIVERED:
                return stats.delivered();
            case FAILED:
                return stats.failed();
            case DROPPED_TRACE:
                return stats.dropped(EventLevel.TRACE);
            case DROPPED_DEBUG:
                return stats.dropped(EventLevel.DEBUG);
            case DROPPED_INFO:
                return stats.dropped(EventLevel.INFO);
            case DROPPED_WARN:
                return stats.dropped(EventLevel.WARN);
            case DROPPED_ERROR:
                return stats.dropped(EventLevel.ERROR);
            case CALLERS_BLOCKED:
                return stats.callersBlocked();
            default:
                return stats.callersBlockedNanos();
        }
    }

    /** The count of dropped events of {@code level}. */
    static AppenderCount dropped(EventLevel level) {
        return values()[DROPPED_TRACE.ordinal() + level.ordinal()];
    }
}
