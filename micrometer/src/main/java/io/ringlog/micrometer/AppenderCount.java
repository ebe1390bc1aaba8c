package io.ringlog.micrometer;

import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The monotonic counts of {@link PipelineStats} that {@link RinglogMetrics} publishes, one per meter: the event
 * counts, the drops per level and reason, and the blocked callers with their waiting time. Immutable; each has an
 * {@link #index()} into {@link #all()}.
 */
final class AppenderCount {
    private static final List<AppenderCount> ALL = new ArrayList<>();
    private static final AppenderCount[][] DROPPED = new AppenderCount[DropReason.values().length][EventLevel.values().length];

    static final AppenderCount ENQUEUED = new AppenderCount(PipelineStats::enqueued);
    static final AppenderCount DELIVERED = new AppenderCount(PipelineStats::delivered);
    static final AppenderCount FAILED = new AppenderCount(PipelineStats::failed);
    static final AppenderCount DELIVERED_DIRECTLY = new AppenderCount(PipelineStats::deliveredDirectly);
    static final AppenderCount CALLERS_BLOCKED = new AppenderCount(PipelineStats::callersBlocked);
    static final AppenderCount CALLERS_BLOCKED_NANOS = new AppenderCount(PipelineStats::callersBlockedNanos);

    static {
        for (DropReason reason : DropReason.values()) {
            for (EventLevel level : EventLevel.values()) {
                DROPPED[reason.ordinal()][level.ordinal()] = new AppenderCount(stats -> stats.dropped(level, reason));
            }
        }
    }

    private final int index;
    private final ToLongFunction<PipelineStats> reader;

    private AppenderCount(ToLongFunction<PipelineStats> reader) {
        this.index = ALL.size();
        this.reader = reader;
        ALL.add(this);
    }

    /** Every count, in {@link #index()} order. */
    static List<AppenderCount> all() {
        return Collections.unmodifiableList(ALL);
    }

    /** The count of dropped events of {@code level} dropped for {@code reason}. */
    static AppenderCount dropped(EventLevel level, DropReason reason) {
        return DROPPED[reason.ordinal()][level.ordinal()];
    }

    /** This count's position in {@link #all()}. */
    int index() {
        return index;
    }

    /** This count in a snapshot. */
    long of(PipelineStats stats) {
        return reader.applyAsLong(stats);
    }
}
