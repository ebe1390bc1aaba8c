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
 * How the idle consumer waits, and how a producer wakes it: spin, then yield, then park with a growing
 * timeout; a producer that publishes unparks the consumer only if it advertised that it is parked.
 *
 * <p>Implementation notes: the consumer sets {@code parked} (volatile store) before re-checking for work
 * and clears it after waking. Producers call {@link #signalAllWhenBlocking()} after every publish (the ring
 * calls it); it costs one volatile load of a line that is only written when the consumer goes to sleep or
 * wakes, so a busy pipeline pays no lock and no contended write. When the flag is set, the first producer
 * claims the wake-up with a CAS back to null and unparks; the others see null. Without that claim, every
 * publish made while the consumer is still waking up calls {@code unpark} again and contends on the
 * consumer's parker mutex (measured: a regime of about 1 µs per event). The
 * producer's publish is a release store, not followed by a full fence, so in a narrow race both sides can
 * miss each other; the consumer's park is therefore always timed ({@value #MAX_PARK_NANOS} ns at most),
 * which bounds the delivery delay of such an event without costing the producer a fence.
 *
 * <p>The Disruptor calls this a {@link WaitStrategy}; only its signalling half is used, because the
 * consumer runs its own loop rather than waiting through a {@link SequenceBarrier}.
 */
final class ConsumerParking implements WaitStrategy {
    static final int SPIN_ROUNDS = 200;
    static final int YIELD_ROUNDS = 100;
    static final long MIN_PARK_NANOS = 50_000;
    static final long MAX_PARK_NANOS = 10_000_000;

    private static final VarHandle PARKED;

    static {
        try {
            PARKED = MethodHandles.lookup().findVarHandle(ConsumerParking.class, "parked", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile Thread parked;

    /**
     * Waits a little, more the longer the consumer has been idle; consumer thread only.
     *
     * @param idleRounds how many times in a row the consumer found nothing to do
     * @param workAvailable re-checked after advertising the park, so that a publish before it is not missed
     * @return the next value of {@code idleRounds}
     */
    int idle(int idleRounds, BooleanSupplier workAvailable) {
        if (idleRounds < SPIN_ROUNDS) {
            Thread.onSpinWait();
        } else if (idleRounds < SPIN_ROUNDS + YIELD_ROUNDS) {
            Thread.yield();
        } else {
            int parkRound = Math.min(idleRounds - SPIN_ROUNDS - YIELD_ROUNDS, 8);
            long parkNanos = Math.min(MIN_PARK_NANOS << parkRound, MAX_PARK_NANOS);
            parked = Thread.currentThread();
            try {
                if (!workAvailable.getAsBoolean()) {
                    LockSupport.parkNanos(this, parkNanos);
                }
            } finally {
                parked = null;
            }
        }
        return idleRounds + 1;
    }

    /** Wakes the consumer now, whatever it is doing; any thread. */
    void wake(Thread consumer) {
        LockSupport.unpark(consumer);
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
