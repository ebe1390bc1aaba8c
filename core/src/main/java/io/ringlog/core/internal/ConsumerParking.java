package io.ringlog.core.internal;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.WaitStrategy;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * How the idle consumer waits, and how a producer wakes it: first short naps that no producer interrupts,
 * then, once the ring has stayed empty for a while, a deep park that the next producer ends.
 *
 * <p>Why naps: a consumer that polls an empty ring (spinning or yielding) pulls each slot's cache lines
 * across cores while the producer is still writing them, one event at a time, and on the 2-core machines
 * measured here it fell into a regime of about 1 M events/s in half the JVM runs; a consumer that spins a
 * long time is also what a hypervisor deschedules. A nap lets a batch accumulate, costs the producers nothing
 * (they do not wake a napping consumer), and bounds the delivery delay under load. Measured with JMH on 2 cores
 * (Logback, no-op sink, 1 thread, 5 forks): spin-then-yield 1.0–3.7 M/s, nap 5.3–8.3 M/s, synchronous 9 M/s.
 * A caller that finds the ring full, or whose event a discarding threshold drops, wakes the consumer at once (see
 * {@link #wakeIfIdle(Thread)}), so a small ring neither waits out a nap nor drops what a nap let pile up.
 *
 * <p>How long a nap lasts adapts to the load ({@link #found(long)}): it doubles, up to {@value #MAX_NAP_NANOS} ns,
 * while the backlog the consumer finds when it wakes stays below a target ({@value #TARGET_BATCH} events; a sixteenth
 * of the ring for a ring smaller than 16 times that), and halves, down to {@value #MIN_NAP_NANOS} ns, once it exceeds
 * four times the target. The backlog is what piled up during the nap, not the batch the consumer then takes (at most
 * {@code maxBatchSize}): a {@code maxBatchSize} below the target would otherwise read as a light load at any rate and
 * keep the nap at its longest.
 * At millions of events per second the consumer looks every {@value #MIN_NAP_NANOS} ns, as a fixed nap did; at the
 * tens of thousands of lines per second of a busy web service it wakes about a thousand times a second instead of
 * fifty thousand, and each wake-up (a timer, a context switch, a cold cache, and a flush of the file for a batch of
 * one or two lines) is CPU taken from the application on a saturated machine.
 *
 * <p>Implementation notes: {@code napNanos} is the consumer's own (a plain field, never read by another thread).
 * {@code idle} is written by the consumer only, once when it starts napping and once
 * when it finds work again (volatile stores, not per event); callers that found the ring full read it.
 * Producers call {@link #signalAllWhenBlocking()} after every publish (the ring calls it); it costs one volatile load
 * of {@code parked}, a line that is only written when the consumer goes into or out of a deep park, so a busy
 * pipeline pays no lock and no contended write. When the field is set, the first producer claims the wake-up with a
 * CAS back to null and unparks; the others see null (without the claim, every publish made while the consumer wakes
 * up calls {@code unpark} again and contends on the consumer's parker mutex).
 * <p>No wake-up is missed, so an idle consumer need not poll: the deep park and the producer form a Dekker pair.
 * The consumer stores {@code parked} (volatile), issues a full fence and then reads the ring's cursor
 * ({@link #advertiseDeepPark}); a producer claims its slot with a CAS on the cursor (volatile) and, after publishing,
 * loads {@code parked} (volatile). Of the two, whichever comes second in that order sees the other: either the
 * consumer sees the claim, and does not park deeply, or the producer sees {@code parked}, and unparks it. A claim the
 * consumer sees before its slot is published (the producer is still copying, perhaps preempted) makes it nap for
 * {@value #MAX_NAP_NANOS} ns, still advertised, and look again. So the deep park's bound ({@value #MAX_PARK_NANOS}
 * ns) is a safety net, not a latency: an idle appender's consumer wakes about once a second. (Re-checking the slot's
 * publication instead of the cursor would not do: the producer's publish is a release store, which its later load of
 * {@code parked} may pass.)
 *
 * <p>The Disruptor calls this a {@link WaitStrategy}; only its signalling half is used, because the
 * consumer runs its own loop rather than waiting through a {@link SequenceBarrier}.
 */
final class ConsumerParking implements WaitStrategy {
    /** The shortest and the longest nap (the OS's timer slack adds to them). */
    static final long MIN_NAP_NANOS = 20_000;
    static final long MAX_NAP_NANOS = 1_000_000;
    /** The backlog per wake-up the nap's length aims at, for rings of at least 16 times as many slots. */
    static final int TARGET_BATCH = 64;
    /** Naps in a row with no work before the consumer parks deeply (1 to 50 ms of idleness, with the nap's length). */
    static final int NAP_ROUNDS = 50;
    /** A deep park's bound: a producer's publish ends it (see the class notes), so this only bounds idle wake-ups. */
    static final long MAX_PARK_NANOS = 1_000_000_000;

    private static final VarHandle PARKED;

    static {
        try {
            PARKED = MethodHandles.lookup().findVarHandle(ConsumerParking.class, "parked", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile Thread parked;
    /** True while the consumer naps or parks: one write per nap, never per event. */
    private volatile boolean idle;
    /** The next nap's length; consumer thread only. */
    private long napNanos = MIN_NAP_NANOS;
    private final int targetBatch;

    /** @param capacity the ring's size: a small ring aims at smaller batches, so that a nap never fills it */
    ConsumerParking(int capacity) {
        this.targetBatch = Math.max(1, Math.min(TARGET_BATCH, capacity / 16));
    }

    /**
     * Waits a little, more the longer the consumer has been idle; consumer thread only.
     *
     * @param idleRounds how many times in a row the consumer found nothing to do
     * @param workOrStop whether the awaited slot is published, or the pipeline no longer runs: re-checked after
     *                   advertising a deep park
     * @param claimed whether the awaited slot is claimed (the ring's cursor has reached it): read after a full fence
     *                that follows the advertisement, so that a producer that claimed before it is seen here
     * @return the next value of {@code idleRounds}
     */
    int idle(int idleRounds, BooleanSupplier workOrStop, BooleanSupplier claimed) {
        if (idleRounds == 0) {
            idle = true;
        }
        if (idleRounds < NAP_ROUNDS) {
            LockSupport.parkNanos(this, napNanos);
        } else {
            try {
                // Claimed, perhaps not yet published: a nap. The advertisement stands, so that publish normally ends
                // it; only a producer that loaded parked before it was set leaves the nap to run out.
                long bound = advertiseDeepPark(Thread.currentThread(), claimed) ? MAX_NAP_NANOS : MAX_PARK_NANOS;
                if (!workOrStop.getAsBoolean()) {
                    LockSupport.parkNanos(this, bound);
                }
            } finally {
                parked = null;
            }
        }
        return idleRounds + 1;
    }

    /**
     * The consumer's half of the Dekker pair (see the class notes): advertises {@code consumer} as deeply parked,
     * fences, and answers whether a producer has claimed the awaited slot. The caller clears {@code parked} after its
     * park.
     */
    boolean advertiseDeepPark(Thread consumer, BooleanSupplier claimed) {
        parked = consumer;
        VarHandle.fullFence(); // the store above before the cursor's load below
        return claimed.getAsBoolean();
    }

    /** Whether a deep park is advertised and not yet claimed by a producer; for tests. */
    boolean advertised() {
        return parked != null;
    }

    /**
     * The consumer woke from a nap or a park and found {@code backlog} events waiting; consumer thread only (a store
     * only if it had been idle). Adapts the next nap to the load (see the class notes).
     */
    void found(long backlog) {
        if (idle) {
            idle = false;
        }
        if (backlog < targetBatch) {
            lengthenNap();
        } else if (backlog > 4L * targetBatch) {
            napNanos = Math.max(napNanos >> 1, MIN_NAP_NANOS);
        }
    }

    /** Doubles the next nap, up to {@value #MAX_NAP_NANOS} ns, while nothing arrives to adapt it to; consumer thread only. */
    void lengthenNap() {
        napNanos = Math.min(napNanos << 1, MAX_NAP_NANOS);
    }

    /** The next nap's length, for tests; consumer thread only. */
    long napNanos() {
        return napNanos;
    }

    /** True once the consumer has been idle long enough to park deeply. */
    static boolean isDeeplyIdle(int idleRounds) {
        return idleRounds >= NAP_ROUNDS;
    }

    /** Wakes the consumer now, from a nap or a deep park; any thread. */
    void wake(Thread consumer) {
        LockSupport.unpark(consumer);
    }

    /** Wakes the consumer if it naps or parks: for a caller that found the ring full (a volatile read otherwise). */
    void wakeIfIdle(Thread consumer) {
        if (idle) {
            LockSupport.unpark(consumer);
        }
    }

    @Override
    public void signalAllWhenBlocking() {
        Thread consumer = parked;
        if (consumer != null && PARKED.compareAndSet(this, consumer, null)) {
            LockSupport.unpark(consumer);
        }
    }

    @Override
    public long waitFor(long sequence, Sequence cursor, Sequence dependentSequence, SequenceBarrier barrier)
            throws AlertException {
        throw new UnsupportedOperationException("Ringlog's consumer does not wait through a SequenceBarrier");
    }
}
