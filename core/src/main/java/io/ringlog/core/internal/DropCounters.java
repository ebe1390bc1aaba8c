package io.ringlog.core.internal;

import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts dropped events per reason and per level: refused by the full-queue policy (a full ring, the discarding
 * threshold, the block bound) or refused because the pipeline was no longer running, so that a summary names the
 * real cause of each drop and the meters can tag it.
 *
 * <p>Implementation notes: any caller thread increments; {@link LongAdder} stripes the increments across
 * cells so that many callers dropping at once on a full ring do not contend on one cache line. Reads sum
 * the cells: exact once the increments have stopped, and never behind an increment that happened-before
 * the read.
 */
final class DropCounters {
    private final LongAdder[][] counts = new LongAdder[DropReason.values().length][EventLevel.values().length];

    DropCounters() {
        for (LongAdder[] byLevel : counts) {
            for (int i = 0; i < byLevel.length; i++) {
                byLevel[i] = new LongAdder();
            }
        }
    }

    /** An event dropped for {@code reason}. */
    void record(EventLevel level, DropReason reason) {
        counts[reason.ordinal()][level.ordinal()].increment();
    }

    /** Every drop, indexed by {@link DropReason#ordinal()}, then by {@link EventLevel#ordinal()}. */
    long[][] snapshot() {
        long[][] sums = new long[counts.length][];
        for (int reason = 0; reason < counts.length; reason++) {
            sums[reason] = sums(counts[reason]);
        }
        return sums;
    }

    /** The drops the full-queue policy made (every reason but {@link DropReason#AFTER_STOP}), one count per level. */
    long[] byPolicySnapshot() {
        long[] total = new long[EventLevel.values().length];
        for (DropReason reason : DropReason.values()) {
            if (reason != DropReason.AFTER_STOP) {
                long[] byLevel = sums(counts[reason.ordinal()]);
                for (int i = 0; i < total.length; i++) {
                    total[i] += byLevel[i];
                }
            }
        }
        return total;
    }

    /** The drops refused because the pipeline had stopped, one count per level. */
    long[] afterStopSnapshot() {
        return sums(counts[DropReason.AFTER_STOP.ordinal()]);
    }

    private static long[] sums(LongAdder[] adders) {
        long[] sums = new long[adders.length];
        for (int i = 0; i < sums.length; i++) {
            sums[i] = adders[i].sum();
        }
        return sums;
    }
}
