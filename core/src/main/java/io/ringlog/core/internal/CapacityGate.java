package io.ringlog.core.internal;

import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where callers wait for a free slot when the ring is full, without burning CPU: a brief spin, then
 * parking on a condition that the consumer signals when it frees slots and someone is waiting.
 *
 * <p>Implementation notes: this is the slow path only; the producer's fast path never touches it.
 * {@code waiters} is incremented (a sequentially consistent RMW) by a caller before it re-checks capacity
 * and decremented after; the consumer releases slots (a release store of its sequence), issues a full fence
 * and then reads {@code waiters}. Either the consumer sees the waiter and signals under the lock, or the
 * waiter's re-check, which comes after its increment, sees the freed slots: no wake-up is lost. The waiter
 * re-checks under the lock and awaits with a timeout ({@value #RECHECK_NANOS} ns) as a second line of
 * defence, which also lets it notice that the pipeline stopped or that its deadline passed. The claim
 * itself is {@code tryNext}, a CAS that never moves the cursor beyond the free capacity, so the ring's
 * counters stay truthful while callers wait (unlike a Disruptor 4 {@code next()}).
 */
final class CapacityGate {
    static final long NO_DEADLINE = Long.MAX_VALUE;
    /** Returned when no slot was obtained. */
    static final long NO_SLOT = -1;
    private static final int SPIN_TRIES = 64;
    private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    static {
        // Initialises the exception a full ring throws on the thread that creates the pipeline. Otherwise the first
        // caller to find the ring full initialises it, and on a virtual thread a class initialiser pins the carrier
        // (still on JDK 25) while every other caller that finds the ring full waits for it.
        Objects.requireNonNull(InsufficientCapacityException.INSTANCE);
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition slotFreed = lock.newCondition();
    private final AtomicInteger waiters = new AtomicInteger();
    /** Returns from a wait (signalled, timed out or interrupted), for the figures; waiting callers only. */
    private final LongAdder wakeUps = new LongAdder();

    /**
     * Claims a slot, waiting as long as needed or until {@code deadlineNanos} (a {@link System#nanoTime()}
     * value, or {@link #NO_DEADLINE}), or until {@code state} no longer admits waiting callers. An interrupt
     * does not end the wait: the flag is restored once the wait ends, and the event is kept.
     *
     * @return the claimed sequence, or {@link #NO_SLOT}
     */
    long claim(RingBuffer<?> ring, long deadlineNanos, PipelineState state) {
        for (int i = 0; i < SPIN_TRIES; i++) {
            Thread.onSpinWait();
            try {
                return ring.tryNext();
            } catch (InsufficientCapacityException full) {
                // keep spinning briefly before parking
            }
        }
        boolean interrupted = false;
        waiters.incrementAndGet();
        lock.lock();
        try {
            for (;;) {
                try {
                    return ring.tryNext();
                } catch (InsufficientCapacityException full) {
                    // wait below
                }
                if (state.get() > PipelineState.DRAINING) {
                    return NO_SLOT;
                }
                long wait = RECHECK_NANOS;
                if (deadlineNanos != NO_DEADLINE) {
                    long remaining = deadlineNanos - System.nanoTime();
                    if (remaining <= 0) {
                        return NO_SLOT;
                    }
                    wait = Math.min(wait, remaining);
                }
                try {
                    slotFreed.awaitNanos(wait);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
                wakeUps.increment();
            }
        } finally {
            lock.unlock();
            waiters.decrementAndGet();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Called by the consumer after it released slots: wakes the waiting callers, if any. */
    void slotsReleased() {
        VarHandle.fullFence();
        if (waiters.get() > 0) {
            signalAll();
        }
    }

    /** Wakes every waiting caller so that it re-checks capacity and the pipeline's state; any thread. */
    void signalAll() {
        lock.lock();
        try {
            slotFreed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** How many times a waiting caller woke up so far (signalled, timed out or interrupted). */
    long wakeUps() {
        return wakeUps.sum();
    }

    /** The number of callers currently waiting (a volatile read). */
    int waiters() {
        return waiters.get();
    }
}
