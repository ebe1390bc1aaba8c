package io.ringlog.core;

import java.util.Arrays;

/**
 * An immutable snapshot of a pipeline's counters. Each counter is exact; while events flow, the counters
 * are read one after another rather than atomically together. Once the pipeline has stopped, every event
 * that reached it is counted exactly once: {@code enqueued + dropped + deliveredDirectly == received} and
 * {@code delivered + failed + queueSize == enqueued}.
 */
public final class PipelineStats {

    private final int capacity;
    private final long enqueued;
    private final long delivered;
    private final long failed;
    private final long deliveredDirectly;
    private final long[][] droppedByReasonAndLevel;
    private final long callersBlocked;
    private final long callersBlockedNanos;

    /** Creates a snapshot with no direct deliveries; {@code droppedByLevel} is indexed by {@link EventLevel#ordinal()}. */
    public PipelineStats(int capacity, long enqueued, long delivered, long failed, long[] droppedByLevel) {
        this(capacity, enqueued, delivered, failed, 0, droppedByLevel);
    }

    /**
     * Creates a snapshot in which no caller waited; {@code droppedByLevel} is indexed by {@link EventLevel#ordinal()}
     * and copied.
     */
    public PipelineStats(int capacity, long enqueued, long delivered, long failed, long deliveredDirectly, long[] droppedByLevel) {
        this(capacity, enqueued, delivered, failed, deliveredDirectly, droppedByLevel, 0, 0);
    }

    /**
     * Creates a snapshot whose drops carry no reason: each is counted as {@link DropReason#QUEUE_FULL}.
     * {@code droppedByLevel} is indexed by {@link EventLevel#ordinal()} and copied.
     *
     * @param callersBlocked      see {@link #callersBlocked()}
     * @param callersBlockedNanos see {@link #callersBlockedNanos()}
     */
    public PipelineStats(int capacity, long enqueued, long delivered, long failed, long deliveredDirectly, long[] droppedByLevel,
                         long callersBlocked, long callersBlockedNanos) {
        this(capacity, enqueued, delivered, failed, deliveredDirectly, byReason(DropReason.QUEUE_FULL, droppedByLevel), callersBlocked,
                callersBlockedNanos);
    }

    /**
     * Creates a snapshot; {@code droppedByReasonAndLevel} is indexed by {@link DropReason#ordinal()}, then by
     * {@link EventLevel#ordinal()}, and copied.
     *
     * @param callersBlocked      see {@link #callersBlocked()}
     * @param callersBlockedNanos see {@link #callersBlockedNanos()}
     */
    public PipelineStats(int capacity, long enqueued, long delivered, long failed, long deliveredDirectly, long[][] droppedByReasonAndLevel,
                         long callersBlocked, long callersBlockedNanos) {
        if (droppedByReasonAndLevel.length != DropReason.values().length) {
            throw new IllegalArgumentException("droppedByReasonAndLevel needs one row per DropReason");
        }
        this.droppedByReasonAndLevel = new long[droppedByReasonAndLevel.length][];
        for (int reason = 0; reason < droppedByReasonAndLevel.length; reason++) {
            if (droppedByReasonAndLevel[reason].length != EventLevel.values().length) {
                throw new IllegalArgumentException("droppedByReasonAndLevel needs one entry per EventLevel in each row");
            }
            this.droppedByReasonAndLevel[reason] = droppedByReasonAndLevel[reason].clone();
        }
        this.capacity = capacity;
        this.enqueued = enqueued;
        this.delivered = delivered;
        this.failed = failed;
        this.deliveredDirectly = deliveredDirectly;
        this.callersBlocked = callersBlocked;
        this.callersBlockedNanos = callersBlockedNanos;
    }

    private static long[][] byReason(DropReason reason, long[] droppedByLevel) {
        if (droppedByLevel.length != EventLevel.values().length) {
            throw new IllegalArgumentException("droppedByLevel needs one entry per EventLevel");
        }
        long[][] counts = new long[DropReason.values().length][EventLevel.values().length];
        counts[reason.ordinal()] = droppedByLevel;
        return counts;
    }

    /** The ring's capacity in events. */
    public int capacity() {
        return capacity;
    }

    /** Events accepted but not yet handed on (or never handed on, after a stop that hit its bound). */
    public long queueSize() {
        return Math.max(0, enqueued - delivered - failed);
    }

    /** Events accepted into the ring. */
    public long enqueued() {
        return enqueued;
    }

    /** Events handed on to the downstream appenders without an exception. */
    public long delivered() {
        return delivered;
    }

    /** Events on which a downstream appender threw. */
    public long failed() {
        return failed;
    }

    /**
     * Events the adapter handed on itself, on the caller's thread, instead of queueing them: for example on a
     * logging framework's own background thread that must not wait for a full ring, or after the ring was drained.
     */
    public long deliveredDirectly() {
        return deliveredDirectly;
    }

    /** Events dropped by the full-queue policy, the discarding threshold, or because the pipeline was stopped. */
    public long dropped() {
        long total = 0;
        for (long[] byLevel : droppedByReasonAndLevel) {
            for (long count : byLevel) {
                total += count;
            }
        }
        return total;
    }

    /** Events of the given level that were dropped, whatever the reason. */
    public long dropped(EventLevel level) {
        long total = 0;
        for (long[] byLevel : droppedByReasonAndLevel) {
            total += byLevel[level.ordinal()];
        }
        return total;
    }

    /** Events dropped for the given reason, whatever their level. */
    public long dropped(DropReason reason) {
        long total = 0;
        for (long count : droppedByReasonAndLevel[reason.ordinal()]) {
            total += count;
        }
        return total;
    }

    /** Events of the given level dropped for the given reason. */
    public long dropped(EventLevel level, DropReason reason) {
        return droppedByReasonAndLevel[reason.ordinal()][level.ordinal()];
    }

    /** Every event that reached the pipeline: {@code enqueued + dropped + deliveredDirectly}. */
    public long received() {
        return enqueued + dropped() + deliveredDirectly;
    }

    /**
     * Callers that found the ring full and waited for room, as the full-queue policy asked (whether they then got a
     * slot, or were dropped when the block bound or a stop ended their wait). Callers that found room, and those the
     * policy dropped at once, never wait and are not counted. A wait still in progress is counted when it ends.
     */
    public long callersBlocked() {
        return callersBlocked;
    }

    /** The time the {@link #callersBlocked()} callers spent waiting, in nanoseconds, summed over all of them. */
    public long callersBlockedNanos() {
        return callersBlockedNanos;
    }

    @Override
    public String toString() {
        return "PipelineStats[capacity=" + capacity + ", queueSize=" + queueSize() + ", enqueued=" + enqueued
                + ", delivered=" + delivered + ", failed=" + failed + ", deliveredDirectly=" + deliveredDirectly + ", dropped=" + dropped()
                + ", droppedByReasonAndLevel=" + Arrays.deepToString(droppedByReasonAndLevel) + ", callersBlocked=" + callersBlocked
                + ", callersBlockedNanos=" + callersBlockedNanos + "]";
    }
}
