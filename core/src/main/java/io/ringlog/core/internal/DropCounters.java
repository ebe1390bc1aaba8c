package io.ringlog.core.internal;

import io.ringlog.core.EventLevel;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts dropped events per level and per cause: refused by the full-queue policy (a full ring, the discarding
 * threshold, the block bound) or refused because the pipeline was no longer running, so that a summary names the
 * real cause of each drop.
 *
 * <p>Implementation notes: any caller thread increments; {@link LongAdder} stripes the increments across
 * cells so that many callers dropping at once on a full ring do not contend on one cache line. Reads sum
 * the cells: exact once the increments have stopped, and never behind an increment that happened-before
 * the read.
 */
final class DropCounters {
    private final LongAdder[] byPolicy = adders();
    private final LongAdder[] afterStop = adders();

    private static LongAdder[] adders() {
        LongAdder[] adders = new LongAdder[EventLevel.values().length];
        for (int i = 0; i < adders.length; i++) {
            adders[i] = new LongAdder();
        }
        return adders;
    }

    /** An event the full-queue policy refused. */
    void record(EventLevel level) {
        byPolicy[level.ordinal()].increment();
    }

    /** An event refused because the pipeline had stopped (or its drain gave up). */
    void recordAfterStop(EventLevel level) {
        afterStop[level.ordinal()].increment();
    }

    /** Every drop, whatever its cause, one count per level, indexed by {@link EventLevel#ordinal()}. */
    long[] snapshot() {
        long[] counts = new long[byPolicy.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = byPolicy[i].sum() + afterStop[i].sum();
        }
        return counts;
    }

    /** The drops the full-queue policy made, one count per level. */
    long[] byPolicySnapshot() {
        return sums(byPolicy);
    }

    /** The drops refused because the pipeline had stopped, one count per level. */
    long[] afterStopSnapshot() {
        return sums(afterStop);
    }

    private static long[] sums(LongAdder[] adders) {
        long[] counts = new long[adders.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = adders[i].sum();
        }
        return counts;
    }
}
