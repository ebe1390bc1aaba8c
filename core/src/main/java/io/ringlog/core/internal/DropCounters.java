package io.ringlog.core.internal;

import io.ringlog.core.EventLevel;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts dropped events per level.
 *
 * <p>Implementation notes: any caller thread increments; {@link LongAdder} stripes the increments across
 * cells so that many callers dropping at once on a full ring do not contend on one cache line. Reads sum
 * the cells: exact once the increments have stopped, and never behind an increment that happened-before
 * the read.
 */
final class DropCounters {
    private final LongAdder[] byLevel = new LongAdder[EventLevel.values().length];

    DropCounters() {
        for (int i = 0; i < byLevel.length; i++) {
            byLevel[i] = new LongAdder();
        }
    }

    void record(EventLevel level) {
        byLevel[level.ordinal()].increment();
    }

    /** One count per level, indexed by {@link EventLevel#ordinal()}. */
    long[] snapshot() {
        long[] counts = new long[byLevel.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = byLevel[i].sum();
        }
        return counts;
    }
}
