package io.ringlog.core.internal;

import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where callers wait for a free slot when the ring is full: a FIFO queue in which free slots are claimed for the
 * waiting callers, oldest first, by whichever thread sees them free (normally the consumer, at the end of each batch
 * and once a quarter of the ring has been released), and each caller is woken only once its slot is claimed.
 *
 * <pre>
 *   caller finds ring full ──► [spin, only if nobody queued] ──► enqueue at tail ──► park
 *   consumer releases slots ──► grant pass: for head, head.next, ...: tryNext() ──► granted = seq, unpark the first
 *   a granted caller wakes ──► unparks the next granted one (the last: the new head) ──► writes its slot
 * </pre>
 *
 * <p>Fairness: a caller that finds the ring full and others already queued does not spin; it queues behind them, and
 * slots go to queued callers in arrival order, so no caller is starved by later ones. A caller with {@code q} callers
 * queued ahead of it is granted a slot within about {@code q} slots plus a quarter of the ring released by the
 * consumer. The fast path (a caller whose {@code tryNext} finds room) is untouched: a caller just served may log a
 * burst on it while the slots the same hand-over left free last, and queues at the back once it finds the ring full
 * again, which keeps a context switch per burst rather than per event. One waiter wakes per granted slot, and the
 * consumer itself wakes only the first of each pass.
 *
 * <p>Implementation notes. {@code head}, {@code tail} and each {@link Waiter}'s links are guarded by {@code lock}
 * (a {@link ReentrantLock}: waiting on it does not pin a virtual thread). {@code queued} is written only under the
 * lock (volatile stores) and read without it by the consumer. {@link Waiter#granted} is written once, under the lock,
 * by the granting thread (a volatile store, after the {@code tryNext} CAS that claimed the slot), and read by its
 * waiter (a volatile load) before it writes the slot: the claim, and the consumer's clearing of the slot before its
 * release, happen-before the waiter's writes. A waiter is unlinked in the same lock hold that grants it, so under the
 * lock a waiter is either queued and not granted, or granted and gone: one that gives up takes its grant if it has one.
 *
 * <p>No lost hand-over: a caller links itself, stores {@code queued}, issues a full fence and then runs a grant pass;
 * the consumer, at each hand-over (every batch end, and every quarter ring within a batch), releases slots (a release
 * store of its sequence), issues a full fence and then reads {@code queued}. Either the consumer sees the caller and
 * runs a grant pass under the lock, or the caller's own pass sees the freed slots. A slot taken on the fast path
 * meanwhile holds an event, and the batch that delivers it ends with another pass. The granted waiters wake each
 * other in turn ({@link #grantLocked}), so the consumer pays one unpark per pass. The head of the
 * queue also re-checks on its own every {@value #HEAD_RECHECK_NANOS} ns (a second line of defence); the others park
 * until granted, woken to become the head, released, or their deadline. A waiter only claims slots: it never delivers
 * events, so its wait never runs a downstream appender. The claim itself is {@code tryNext}, a CAS
 * that never moves the cursor beyond the free capacity, so the ring's counters stay truthful while callers wait.
 */
final class CapacityGate {
    static final long NO_DEADLINE = Long.MAX_VALUE;
    /** Returned when no slot was obtained. */
    static final long NO_SLOT = -1;
    private static final int SPIN_TRIES = 64;
    private static final long HEAD_RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    static {
        // Initialises the exception a full ring throws on the thread that creates the pipeline. Otherwise the first
        // caller to find the ring full initialises it, and on a virtual thread a class initialiser pins the carrier
        // (still on JDK 25) while every other caller that finds the ring full waits for it.
        Objects.requireNonNull(InsufficientCapacityException.INSTANCE);
    }

    /** A queued caller. Links guarded by the gate's lock; {@code granted} written once under it. */
    private static final class Waiter {
        final Thread thread;
        Waiter prev;
        Waiter next;
        /** The sequence claimed for this waiter during a grant pass, before {@link #granted} publishes it. */
        long claimed;
        /** Who this waiter wakes once granted (the next granted waiter, or the new head); written before {@code granted}. */
        Waiter wakeNext;
        volatile long granted = NO_SLOT;

        Waiter(Thread thread) {
            this.thread = thread;
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    private Waiter head;
    private Waiter tail;
    private volatile int queued;
    /** Returns from a park (granted, made head, timed out, released or interrupted), for the figures; waiters only. */
    private final LongAdder wakeUps = new LongAdder();

    /**
     * Claims a slot, waiting as long as needed or until {@code deadlineNanos} (a {@link System#nanoTime()}
     * value, or {@link #NO_DEADLINE}), or until {@code state} no longer admits waiting callers. An interrupt
     * does not end the wait: the flag is restored once the wait ends, and the event is kept.
     *
     * @return the claimed sequence, or {@link #NO_SLOT}
     */
    long claim(RingBuffer<?> ring, long deadlineNanos, PipelineState state) {
        if (queued == 0) {
            // Nobody to overtake: a brief spin spares a park when the consumer is about to release.
            for (int i = 0; i < SPIN_TRIES; i++) {
                Thread.onSpinWait();
                try {
                    return ring.tryNext();
                } catch (InsufficientCapacityException full) {
                    // keep spinning briefly before queueing
                }
            }
        }
        Waiter self = new Waiter(Thread.currentThread());
        boolean atHead = enqueue(self, ring);
        boolean interrupted = false;
        try {
            for (;;) {
                long sequence = self.granted;
                if (sequence != NO_SLOT) {
                    passOn(self);
                    return sequence;
                }
                long remaining = deadlineNanos == NO_DEADLINE ? NO_DEADLINE : deadlineNanos - System.nanoTime();
                if (state.get() > PipelineState.DRAINING || remaining <= 0) {
                    long left = leave(self);
                    if (left != NO_SLOT) {
                        passOn(self);
                    }
                    return left;
                }
                if (atHead) {
                    LockSupport.parkNanos(this, Math.min(remaining, HEAD_RECHECK_NANOS));
                } else if (remaining != NO_DEADLINE) {
                    LockSupport.parkNanos(this, remaining);
                } else {
                    LockSupport.park(this);
                }
                wakeUps.increment();
                interrupted |= Thread.interrupted();
                if (self.granted == NO_SLOT) {
                    atHead = recheck(self, ring);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Links {@code self} at the tail and runs a grant pass (see the class notes); true if it is the head after it. */
    private boolean enqueue(Waiter self, RingBuffer<?> ring) {
        lock.lock();
        try {
            if (tail == null) {
                head = self;
            } else {
                tail.next = self;
                self.prev = tail;
            }
            tail = self;
            queued++;
        } finally {
            lock.unlock();
        }
        VarHandle.fullFence(); // the store of queued, then the pass's reads of the consumer's sequence
        return recheck(self, ring);
    }

    /** Runs a grant pass (after queueing, or a wake-up without a grant); true if {@code self} is waiting at the head. */
    private boolean recheck(Waiter self, RingBuffer<?> ring) {
        Waiter granted;
        int count;
        boolean atHead;
        lock.lock();
        try {
            granted = head;
            count = grantLocked(ring);
            atHead = head == self;
        } finally {
            lock.unlock();
        }
        wake(granted, count, self);
        return atHead;
    }

    /** Gives up waiting: returns the slot if one was granted meanwhile, else unlinks {@code self}. */
    private long leave(Waiter self) {
        Waiter newHead = null;
        lock.lock();
        try {
            long sequence = self.granted;
            if (sequence != NO_SLOT) {
                return sequence;
            }
            if (self.prev == null) {
                head = self.next;
                newHead = head;
            } else {
                self.prev.next = self.next;
            }
            if (self.next == null) {
                tail = self.prev;
            } else {
                self.next.prev = self.prev;
            }
            queued--;
        } finally {
            lock.unlock();
        }
        if (newHead != null) {
            LockSupport.unpark(newHead.thread); // it re-checks on its own from now on
        }
        return NO_SLOT;
    }

    /**
     * Under the lock: claims a slot for each waiter from the head on while {@code tryNext} succeeds, and unlinks the
     * granted ones; returns how many (they are the first {@code n} from the former head, still linked by {@code next}).
     * The granted waiters are chained for waking ({@link Waiter#wakeNext}: each wakes the next, the last wakes the new
     * head), so the thread running the pass, normally the consumer, unparks only the first: one futex call per pass
     * instead of one per slot. Each link is written before the waiter's {@code granted} (a volatile store), so a
     * waiter that sees its grant sees whom to wake.
     */
    private int grantLocked(RingBuffer<?> ring) {
        int count = 0;
        Waiter waiter = head;
        while (waiter != null) {
            try {
                waiter.claimed = ring.tryNext();
            } catch (InsufficientCapacityException full) {
                break;
            }
            count++;
            queued--;
            waiter = waiter.next;
        }
        if (count > 0) {
            Waiter granted = head;
            for (int i = 0; i < count; i++) {
                Waiter following = granted.next;
                granted.wakeNext = following;
                granted.granted = granted.claimed;
                granted = following;
            }
            head = waiter;
            if (waiter == null) {
                tail = null;
            } else {
                waiter.prev = null;
            }
        }
        return count;
    }

    /**
     * Outside the lock: unparks the first of the {@code count} waiters granted from {@code first} (the chain wakes the
     * rest, see {@link #grantLocked}); {@code self} is running and passes the chain on when it returns.
     */
    private void wake(Waiter first, int count, Waiter self) {
        if (count > 0 && first != self) {
            LockSupport.unpark(first.thread);
        }
    }

    /** A granted waiter, returning with its slot, wakes the next one of its chain (or the new head). */
    private static void passOn(Waiter self) {
        Waiter next = self.wakeNext;
        if (next != null) {
            self.wakeNext = null;
            LockSupport.unpark(next.thread);
        }
    }

    /** Called by the delivering thread after it released slots: hands them to the queued callers, if any. */
    void slotsReleased(RingBuffer<?> ring) {
        VarHandle.fullFence();
        if (queued > 0) {
            recheck(null, ring);
        }
    }

    /** Wakes every queued caller so that it re-checks the pipeline's state; any thread. */
    void signalAll() {
        lock.lock();
        try {
            for (Waiter waiter = head; waiter != null; waiter = waiter.next) {
                LockSupport.unpark(waiter.thread);
            }
        } finally {
            lock.unlock();
        }
    }

    /** How many times a queued caller woke up so far (granted, made head, timed out, released or interrupted). */
    long wakeUps() {
        return wakeUps.sum();
    }

    /** The number of callers queued (a volatile read). */
    int waiters() {
        return queued;
    }
}
