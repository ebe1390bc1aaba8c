package io.ringlog.core.internal;

import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where callers wait for a free slot when the ring is full: a FIFO queue whose callers are given, oldest first, a
 * permit to claim one of the slots the consumer freed; each claims its slot itself, once it runs again.
 *
 * <pre>
 *   caller: no free slot beyond those promised ──► [spin, only if nobody queued] ──► enqueue at tail ──► park
 *   consumer releases slots ──► grant pass: free = remaining capacity − permits out; permit that many from the head
 *                           ──► unpark the first permitted caller
 *   a permitted caller wakes ──► unparks the (at most) two after it in the pass's wake tree ──► tryNext, writes its slot
 * </pre>
 *
 * <p>Why a permit and not a slot claimed on the caller's behalf: a slot claimed for a parked caller stays unpublished
 * until that caller is scheduled again, and the consumer, which delivers in sequence order, stops at it. With a couple
 * of hundred runnable request threads on two cores that took a scheduler round per slot; the consumer slept at such
 * slots thousands of times a second while the ring stayed full. A permitted caller claims only once it runs, so every
 * claimed slot belongs to a running thread, which publishes it a few instructions later.
 *
 * <p>Fairness: no caller takes a slot promised to another. While permits are out, the fast path takes a slot only if
 * the free slots exceed the permits ({@link #claimIfUnpromised()}); a caller that finds none queues at the back, and
 * permits go to queued callers in arrival order. A permitted caller whose claim still fails (a caller that never waits,
 * or one that read the count just before the pass, took the slot) goes back to the head of the queue. A caller with
 * {@code q} callers queued ahead of it gets a permit within about {@code q} slots plus a quarter of the ring released
 * by the consumer. Slots the consumer releases between two hand-overs are not promised: a caller just served may log a
 * burst on them without a lock, which keeps a context switch per burst rather than per event (a first version had
 * every caller queue while anyone waited: with 16 threads on 2 cores, JMH's consumer-bound throughput fell to a
 * quarter, the callers spending the CPU on the gate's lock).
 *
 * <p>Implementation notes. {@code head}, {@code tail} and each {@link Waiter}'s links are guarded by {@code lock}
 * (a {@link ReentrantLock}: waiting on it does not pin a virtual thread). {@code queued} is written only under the
 * lock; {@code permits} is raised under the lock (by a pass, before it sets any {@link Waiter#permitted}) and lowered by
 * the permitted callers, with atomic updates; both are volatile and read without the lock. A waiter is unlinked in the
 * same lock hold that permits it, so under the lock a waiter is either queued and not permitted, or permitted and gone.
 * A permitted caller lowers {@code permits} only after its claim and before it publishes its slot: a pass in between
 * counts that slot twice (claimed, and still promised) and permits one caller fewer than it could, never one too many;
 * and the consumer, which must deliver that published slot, runs another pass after it.
 *
 * <p>No lost hand-over: a caller links itself, stores {@code queued}, issues a full fence and then runs a grant pass;
 * the consumer, at each hand-over (every batch end, and every quarter ring within a batch), releases slots (a release
 * store of its sequence), issues a full fence and then reads {@code queued}. Either the consumer sees the caller and
 * asks for a pass, or the caller's own pass sees the freed slots. The consumer never waits for the lock: it raises
 * {@code passWanted} and tries it; if another thread holds it, that thread runs the pass once it unlocks (it reads
 * {@code passWanted} after its unlock, and the consumer's failed {@code tryLock} came after its store of the flag). The
 * head of the queue also re-checks on its own every {@value #HEAD_RECHECK_NANOS} ns (a second line of defence); the
 * others park until permitted, woken to become the head, released, or their deadline. A waiter only claims slots: it
 * never delivers events, so its wait never runs a downstream appender. The claim itself is {@code tryNext}, a CAS
 * that never moves the cursor beyond the free capacity, so the ring's counters stay truthful while callers wait.
 */
final class CapacityGate {
    static final long NO_DEADLINE = Long.MAX_VALUE;
    /** Returned when no slot was obtained. */
    static final long NO_SLOT = -1;
    private static final int SPIN_TRIES = 64;
    private static final long HEAD_RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final VarHandle PERMITS;

    static {
        // Initialises the exception a full ring throws on the thread that creates the pipeline. Otherwise the first
        // caller to find the ring full initialises it, and on a virtual thread a class initialiser pins the carrier
        // (still on JDK 25) while every other caller that finds the ring full waits for it.
        Objects.requireNonNull(InsufficientCapacityException.INSTANCE);
        try {
            PERMITS = MethodHandles.lookup().findVarHandle(CapacityGate.class, "permits", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A queued caller. Links guarded by the gate's lock; {@code permitted} written under it. */
    private static final class Waiter {
        final Thread thread;
        Waiter prev;
        Waiter next;
        /** Whom this waiter wakes once permitted (its children in the pass's wake tree); written before {@code permitted}. */
        Waiter wakeFirst;
        Waiter wakeSecond;
        volatile boolean permitted;

        Waiter(Thread thread) {
            this.thread = thread;
        }
    }

    private final RingBuffer<?> ring;
    private final ReentrantLock lock = new ReentrantLock();
    private Waiter head;
    private Waiter tail;
    private volatile int queued;
    /** Permits handed out and not yet used: free slots promised to callers woken to claim them. */
    private volatile int permits;
    /** Raised by a thread that wants a grant pass and found the lock taken: its holder runs one once it unlocks. */
    private volatile boolean passWanted;
    /** Returns from a park (permitted, made head, timed out, released or interrupted), for the figures; waiters only. */
    private final LongAdder wakeUps = new LongAdder();
    /** The depth of the last pass's wake tree (0: one waiter woken); guarded by {@code lock}, for tests. */
    private int lastWakeDepth;

    CapacityGate(RingBuffer<?> ring) {
        this.ring = ring;
    }

    /**
     * True when no free slot is promised to a permitted caller: the fast path may claim any free slot. One volatile
     * read of a field that only the slow path writes.
     */
    boolean nothingPromised() {
        return permits == 0;
    }

    /**
     * Claims a free slot beyond those promised to permitted callers, without waiting; else {@link #NO_SLOT}. For a
     * caller that found slots {@linkplain #nothingPromised() promised}, and for one whose {@code tryNext} failed.
     */
    long claimIfUnpromised() {
        if (ring.remainingCapacity() > permits) {
            try {
                return ring.tryNext();
            } catch (InsufficientCapacityException full) {
                return NO_SLOT;
            }
        }
        return NO_SLOT;
    }

    /**
     * Claims a slot, waiting as long as needed or until {@code deadlineNanos} (a {@link System#nanoTime()}
     * value, or {@link #NO_DEADLINE}), or until {@code state} no longer admits waiting callers. An interrupt
     * does not end the wait: the flag is restored once the wait ends, and the event is kept.
     *
     * @return the claimed sequence, or {@link #NO_SLOT}
     */
    long claim(long deadlineNanos, PipelineState state) {
        for (int i = 0; i < SPIN_TRIES && queued == 0; i++) {
            // Nobody to overtake: a brief spin spares a park when the consumer is about to release.
            long sequence = claimIfUnpromised();
            if (sequence != NO_SLOT) {
                return sequence;
            }
            Thread.onSpinWait();
        }
        Waiter self = new Waiter(Thread.currentThread());
        boolean atHead = enqueue(self);
        boolean interrupted = false;
        try {
            for (;;) {
                if (self.permitted) {
                    passOn(self);
                    long sequence = claimPermitted(self);
                    if (sequence != NO_SLOT) {
                        return sequence;
                    }
                    atHead = true; // overtaken: back at the head, possibly permitted again already
                    continue;
                }
                long remaining = deadlineNanos == NO_DEADLINE ? NO_DEADLINE : deadlineNanos - System.nanoTime();
                if (state.get() > PipelineState.DRAINING || remaining <= 0) {
                    if (leave(self)) {
                        return NO_SLOT;
                    }
                    continue; // permitted meanwhile: it claims its slot as any permitted caller does
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
                if (!self.permitted) {
                    atHead = recheck(self);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * A permitted caller claims its slot. It lowers {@code permits} after the claim (see the class notes). If the claim
     * fails (another caller took the slot: checking that a slot is unpromised and claiming it are two steps), it
     * spins briefly, as the consumer releases slots every few dozen events, and then goes back to the head of the
     * queue and runs a pass, which may permit it again at once.
     */
    private long claimPermitted(Waiter self) {
        for (int i = 0; i < SPIN_TRIES; i++) {
            try {
                long sequence = ring.tryNext();
                PERMITS.getAndAdd(this, -1);
                return sequence;
            } catch (InsufficientCapacityException overtaken) {
                Thread.onSpinWait();
            }
        }
        requeueAtHead(self);
        return NO_SLOT;
    }

    /** Links {@code self} at the tail and runs a grant pass (see the class notes); true if it is the head after it. */
    private boolean enqueue(Waiter self) {
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
            unlockAndServe();
        }
        VarHandle.fullFence(); // the store of queued, then the pass's reads of the consumer's sequence
        return recheck(self);
    }

    /** A permitted caller whose claim failed returns its permit and goes back to the head; then it runs a pass. */
    private void requeueAtHead(Waiter self) {
        lock.lock();
        try {
            self.permitted = false;
            self.prev = null;
            self.next = head;
            if (head == null) {
                tail = self;
            } else {
                head.prev = self;
            }
            head = self;
            queued++;
            PERMITS.getAndAdd(this, -1);
        } finally {
            unlockAndServe();
        }
        VarHandle.fullFence();
        recheck(self);
    }

    /** Runs a grant pass (after queueing, or a wake-up without a permit); true if {@code self} is waiting at the head. */
    private boolean recheck(Waiter self) {
        Waiter first;
        int count;
        boolean atHead;
        lock.lock();
        try {
            passWanted = false;
            first = head;
            count = grantLocked();
            atHead = head == self;
        } finally {
            unlockAndServe();
        }
        wake(first, count, self);
        return atHead;
    }

    /**
     * Gives up waiting: unlinks {@code self} and returns true, unless it was permitted meanwhile (false: it then claims
     * its slot like any permitted caller, so that the permit is neither lost nor held).
     */
    private boolean leave(Waiter self) {
        Waiter newHead = null;
        lock.lock();
        try {
            if (self.permitted) {
                return false;
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
            unlockAndServe();
        }
        if (newHead != null) {
            LockSupport.unpark(newHead.thread); // it re-checks on its own from now on
        }
        return true;
    }

    /**
     * Under the lock: permits as many waiters from the head on as there are free slots not yet promised, and unlinks
     * them; returns how many (they are the first {@code n} from the former head, still linked by {@code next}).
     *
     * <p>The thread running the pass, normally the consumer, unparks only the first permitted waiter: one futex call
     * per pass instead of one per slot. The others are woken by the permitted waiters themselves, as a binary tree in
     * arrival order: the {@code i}-th permitted (from 0) wakes the {@code 2i+1}-th and {@code 2i+2}-th, and the new
     * head, which must start re-checking on its own, takes the next place in the tree ({@link Waiter#wakeFirst},
     * {@link Waiter#wakeSecond}). A chain (each waking the next) would make the last of {@code n} wait for {@code n}
     * wake-ups in a row, each for a CPU; the tree's depth is {@code log2(n)}. {@code permits} is raised before any
     * waiter is permitted, and each waiter's links are written before its {@code permitted} (a volatile store), so a
     * waiter that sees its permit sees whom to wake.
     */
    private int grantLocked() {
        if (head == null) {
            return 0;
        }
        long free = ring.remainingCapacity() - permits;
        int count = 0;
        Waiter waiter = head;
        while (waiter != null && count < free) {
            waiter.wakeFirst = null;
            waiter.wakeSecond = null;
            count++;
            waiter = waiter.next;
        }
        if (count == 0) {
            return 0;
        }
        queued -= count;
        PERMITS.getAndAdd(this, count);
        // Children in heap order, walking the list once: the parent moves on one place per two children. The
        // permitted waiters are followed by the new head (or null), which gets a place in the tree but no children.
        int wokenInTree = waiter == null ? count : count + 1;
        Waiter parent = head;
        Waiter child = head.next;
        for (int placed = 1; placed < wokenInTree; parent = parent.next) {
            parent.wakeFirst = child;
            child = child.next;
            placed++;
            if (placed < wokenInTree) {
                parent.wakeSecond = child;
                child = child.next;
                placed++;
            }
        }
        lastWakeDepth = 31 - Integer.numberOfLeadingZeros(wokenInTree);
        Waiter permitted = head;
        for (int i = 0; i < count; i++) {
            Waiter following = permitted.next;
            permitted.permitted = true;
            permitted = following;
        }
        head = waiter;
        if (waiter == null) {
            tail = null;
        } else {
            waiter.prev = null;
        }
        return count;
    }

    /**
     * Outside the lock: unparks the first of the {@code count} waiters permitted from {@code first} (the tree wakes the
     * rest, see {@link #grantLocked}); {@code self} is running and passes the wake-up on itself.
     */
    private static void wake(Waiter first, int count, Waiter self) {
        if (count > 0 && first != self) {
            LockSupport.unpark(first.thread);
        }
    }

    /** A permitted waiter, about to claim, wakes its children in the wake tree (permitted ones, or the new head). */
    private static void passOn(Waiter self) {
        Waiter first = self.wakeFirst;
        Waiter second = self.wakeSecond;
        self.wakeFirst = null;
        self.wakeSecond = null;
        if (first != null) {
            LockSupport.unpark(first.thread);
        }
        if (second != null) {
            LockSupport.unpark(second.thread);
        }
    }

    /** Unlocks, then runs the passes another thread asked for while the lock was held (see the class notes). */
    private void unlockAndServe() {
        lock.unlock();
        serveWantedPasses();
    }

    private void serveWantedPasses() {
        while (passWanted && lock.tryLock()) {
            Waiter first;
            int count;
            try {
                passWanted = false;
                first = head;
                count = grantLocked();
            } finally {
                lock.unlock();
            }
            wake(first, count, null);
        }
    }

    /**
     * Called by the delivering thread after it released slots: hands them to the queued callers, if any. It never
     * waits for the lock: a holder runs the pass for it.
     */
    void slotsReleased() {
        VarHandle.fullFence();
        if (queued > 0) {
            passWanted = true;
            serveWantedPasses();
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
            unlockAndServe();
        }
    }

    /** The depth of the last grant pass's wake tree: 0 when it woke one waiter; for tests. */
    int lastWakeDepth() {
        lock.lock();
        try {
            return lastWakeDepth;
        } finally {
            unlockAndServe();
        }
    }

    /** How many times a queued caller woke up so far (permitted, made head, timed out, released or interrupted). */
    long wakeUps() {
        return wakeUps.sum();
    }

    /** The number of callers queued and not yet permitted (a volatile read). */
    int waiters() {
        return queued;
    }

    /** The number of permits handed out and not yet used (a volatile read); for tests. */
    int permitsOut() {
        return permits;
    }
}
