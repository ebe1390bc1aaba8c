package io.ringlog.core.internal;

import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
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
 *                           ──► unpark the first permitted platform thread, and every permitted virtual thread
 *   a permitted platform caller wakes ──► unparks the (at most) two after it in the pass's wake tree ──► tryNext
 *   permitted virtual threads, no claim for {@value #STALL_NANOS} ns ──► a rescue pass permits past the promises
 * </pre>
 *
 * <p>Why a permit and not a slot claimed on the caller's behalf: a slot claimed for a parked caller stays unpublished
 * until that caller is scheduled again, and the consumer, which delivers in sequence order, stops at it. With a couple
 * of hundred runnable request threads on two cores that took a scheduler round per slot; the consumer slept at such
 * slots thousands of times a second while the ring stayed full. A permitted caller claims only once it runs, so every
 * claimed slot belongs to a running thread, which publishes it a few instructions later.
 *
 * <p>No waiter's progress depends on another waiter being mounted. A virtual thread that parks while pinned to its
 * carrier (inside {@code synchronized} on JDK 21-23; in a class initialiser or under a native frame on every JDK)
 * keeps that carrier, so with as many pinned waiters as carriers an unpinned virtual thread that is woken never runs.
 * Three rules keep the gate alive then: (1) only platform threads wake other waiters (the wake tree is built of them;
 * the thread that runs a pass unparks every permitted virtual thread itself, under the lock); (2) the gate's lock is only ever tried,
 * never queued for: a thread that finds it taken spins, then parks for {@value #LOCK_BACKOFF_NANOS} ns and tries
 * again, so nobody waits for the lock to be handed to a successor that cannot run; (3) a permit is a promise, not a
 * reservation: if virtual threads hold permits and no permit is used for {@value #STALL_NANOS} ns, the next pass
 * (the queue's head re-checks on its own every {@value #HEAD_RECHECK_NANOS} ns; the idle consumer looks at every nap)
 * permits queued callers for the free slots as if nothing were promised, and unparks them itself. A caller permitted earlier that finds its
 * slot taken when it finally runs goes back to the head of the queue.
 *
 * <p>Fairness is best-effort: no caller takes a slot promised to another, unless the promise has gone unused for
 * {@value #STALL_NANOS} ns. While permits are out, the fast path takes a slot only if the free slots exceed the permits
 * ({@link #claimIfUnpromised()}); a caller that finds none queues at the back, and permits go to queued callers in
 * arrival order. A permitted caller whose claim still fails (the consumer thread logging, or a caller that read the
 * count just before the pass, took the slot) goes back to the head of the queue. A caller with {@code q} callers
 * queued ahead of it gets a permit within about {@code q} slots plus a quarter of the ring released by the consumer.
 * Slots the consumer releases between two hand-overs are not promised: a caller just served may log a burst on them
 * without a lock, which keeps a context switch per burst rather than per event (a first version had every caller
 * queue while anyone waited: with 16 threads on 2 cores, JMH's consumer-bound throughput fell to a quarter, the
 * callers spending the CPU on the gate's lock).
 *
 * <p>Implementation notes. {@code head}, {@code tail} and each {@link Waiter}'s links and {@code linked} are guarded by
 * {@code lock}, a {@link ReentrantLock} used only through {@code tryLock} (see rule 2). {@code queued} is written only
 * under the lock; {@code permits} is raised under the lock (by a pass, before it sets any {@link Waiter#permitted})
 * and lowered by the permitted callers, with atomic updates; both are volatile and read without the lock. A waiter
 * is unlinked in the same lock hold that permits it, so under the lock a waiter is either queued and not permitted,
 * or permitted and gone. A permitted caller lowers {@code permits} only after its claim and before it publishes its
 * slot: a pass in between counts that slot twice (claimed, and still promised) and permits one caller fewer than it
 * could, never one too many; and the consumer, which must deliver that published slot, runs another pass after it.
 * A rescue pass may permit more callers than there are free slots: {@code permits} then counts promises that some
 * callers will find broken; each such caller returns its permit when it goes back to the head of the queue.
 * {@code virtualPermits} counts the permits of virtual threads among {@code permits}, raised under the lock and lowered
 * by its callers like {@code permits} (a platform thread's permit is always used: its thread gets a CPU in time, so
 * only a virtual thread's can stall the gate). {@code lastProgress} ({@link System#nanoTime()}, volatile) is written by a pass that permits and by a permitted
 * caller after its claim, slow paths only; a stale value only makes a rescue come earlier or later.
 *
 * <p>No lost hand-over: a caller links itself, stores {@code queued}, issues a full fence and then runs a grant pass;
 * the consumer, at each hand-over (every batch end, and every quarter ring within a batch), releases slots (a release
 * store of its sequence), issues a full fence and then reads {@code queued}. Either the consumer sees the caller and
 * asks for a pass, or the caller's own pass sees the freed slots. The consumer never waits for the lock: it raises
 * {@code passWanted} and tries it; if another thread holds it, that thread runs the pass once it unlocks (it reads
 * {@code passWanted} after its unlock, and the consumer's failed {@code tryLock} came after its store of the flag).
 * A pass clears {@code passWanted} and then issues a full fence before it reads the consumer's sequence, so that a
 * request it clears without seeing its freed slots is one whose store of the flag it will see after its unlock.
 * The head of the queue also re-checks on its own every {@value #HEAD_RECHECK_NANOS} ns (a second line of defence);
 * the others park until permitted, woken to become the head, released, or their deadline. A waiter only claims slots:
 * it never delivers events, so its wait never runs a downstream appender. The claim itself is {@code tryNext}, a CAS
 * that never moves the cursor beyond the free capacity, so the ring's counters stay truthful while callers wait. A
 * caller that leaves the wait by a throwable (an {@link Error} in a park, say) unlinks itself or, if permitted, hands
 * its permit and its wake-ups on, so that no permit leaks and nobody waits for its wake-up.
 */
final class CapacityGate {
    static final long NO_DEADLINE = Long.MAX_VALUE;
    /** Returned when no slot was obtained. */
    static final long NO_SLOT = -1;
    private static final int SPIN_TRIES = 64;
    private static final long HEAD_RECHECK_NANOS = 10_000_000;
    /** How long permits may stay out with none of them used before a pass looks past them (see the class notes). */
    static final long STALL_NANOS = 2_000_000;
    /** Spins on a taken lock before the first park. */
    private static final int LOCK_SPINS = 100;
    /** A park between two tries of a taken lock; the OS's timer slack adds to it. */
    private static final long LOCK_BACKOFF_NANOS = 20_000;
    private static final VarHandle PERMITS;
    private static final VarHandle VIRTUAL_PERMITS;

    static {
        // Initialises the exception a full ring throws on the thread that creates the pipeline. Otherwise the first
        // caller to find the ring full initialises it, and on a virtual thread a class initialiser pins the carrier
        // (still on JDK 25) while every other caller that finds the ring full waits for it.
        Objects.requireNonNull(InsufficientCapacityException.INSTANCE);
        try {
            PERMITS = MethodHandles.lookup().findVarHandle(CapacityGate.class, "permits", int.class);
            VIRTUAL_PERMITS = MethodHandles.lookup().findVarHandle(CapacityGate.class, "virtualPermits", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
        VirtualThreads.isVirtual(Thread.currentThread()); // its class initialiser too, for the same reason
    }

    /** A queued caller. Links guarded by the gate's lock; {@code permitted} written under it. */
    private static final class Waiter {
        final Thread thread;
        /** A virtual thread never wakes others: it may not get a carrier to do it (see the class notes). */
        final boolean virtual;
        Waiter prev;
        Waiter next;
        /** In the queue; guarded by the lock. */
        boolean linked;
        /** Whom this waiter wakes once permitted (its children in the pass's wake tree); written before {@code permitted}. */
        Waiter wakeFirst;
        Waiter wakeSecond;
        /** Under the lock, while a pass builds its wake tree: the next platform waiter in it. */
        Waiter nextInTree;
        /** Under the lock, while a pass permits: this waiter is unparked by the pass itself, not through the tree. */
        boolean wakeHere;
        volatile boolean permitted;

        Waiter(Thread thread) {
            this.thread = thread;
            this.virtual = VirtualThreads.isVirtual(thread);
        }
    }

    private final RingBuffer<?> ring;
    private final ReentrantLock lock = new ReentrantLock();
    private Waiter head;
    private Waiter tail;
    private volatile int queued;
    /** Permits handed out and not yet used: free slots promised to callers woken to claim them. */
    private volatile int permits;
    /** Of those, the permits of virtual threads: only they can leave a permit unused for long (see the class notes). */
    private volatile int virtualPermits;
    /** Raised by a thread that wants a grant pass and found the lock taken: its holder runs one once it unlocks. */
    private volatile boolean passWanted;
    /** When a pass last permitted a caller or a permitted caller last claimed ({@link System#nanoTime()}). */
    private volatile long lastProgress = System.nanoTime();
    /** Returns from a park (permitted, made head, timed out, released or interrupted), for the figures; waiters only. */
    private final LongAdder wakeUps = new LongAdder();
    /** The root of the wake tree of the pass under way, for its thread to unpark after the unlock; guarded by {@code lock}. */
    private Waiter treeRoot;
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

    /** True when no caller waits in the gate, queued or permitted: two volatile reads. */
    boolean nobodyWaits() {
        return queued == 0 && permits == 0;
    }

    /**
     * Claims a free slot, without waiting, only if no caller waits in the gate, queued or permitted; else
     * {@link #NO_SLOT}. For callers that give way to waiting ones (events below WARN under DROP_BELOW_WARN): two
     * volatile reads of fields only the slow path writes, then the claim.
     */
    long claimIfNobodyWaits() {
        if (!nobodyWaits()) {
            return NO_SLOT;
        }
        try {
            return ring.tryNext();
        } catch (InsufficientCapacityException full) {
            return NO_SLOT;
        }
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
        boolean interrupted = false;
        boolean settled = false;
        try {
            boolean atHead = enqueue(self);
            for (;;) {
                if (self.permitted) {
                    passOn(self);
                    long sequence = claimPermitted(self);
                    if (sequence != NO_SLOT) {
                        settled = true;
                        return sequence;
                    }
                    atHead = true; // overtaken: back at the head, possibly permitted again already
                    continue;
                }
                long remaining = deadlineNanos == NO_DEADLINE ? NO_DEADLINE : deadlineNanos - System.nanoTime();
                if (state.get() > PipelineState.DRAINING || remaining <= 0) {
                    if (leave(self)) {
                        settled = true;
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
            if (!settled) {
                abandon(self);
            }
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
                self.permitted = false;
                returnPermit(self);
                lastProgress = System.nanoTime();
                return sequence;
            } catch (InsufficientCapacityException overtaken) {
                Thread.onSpinWait();
            }
        }
        requeueAtHead(self);
        return NO_SLOT;
    }

    /** A permit used or given back: one fewer out. */
    private void returnPermit(Waiter self) {
        if (self.virtual) {
            VIRTUAL_PERMITS.getAndAdd(this, -1);
        }
        PERMITS.getAndAdd(this, -1);
    }

    /** Links {@code self} at the tail and runs a grant pass (see the class notes); true if it is the head after it. */
    private boolean enqueue(Waiter self) {
        lockQuietly();
        try {
            if (tail == null) {
                head = self;
            } else {
                tail.next = self;
                self.prev = tail;
            }
            tail = self;
            self.linked = true;
            queued++;
        } finally {
            unlockAndServe();
        }
        VarHandle.fullFence(); // the store of queued, then the pass's reads of the consumer's sequence
        return recheck(self);
    }

    /** A permitted caller whose claim failed returns its permit and goes back to the head; then it runs a pass. */
    private void requeueAtHead(Waiter self) {
        lockQuietly();
        try {
            self.permitted = false;
            linkAtHead(self);
            returnPermit(self);
        } finally {
            unlockAndServe();
        }
        VarHandle.fullFence();
        recheck(self);
    }

    private void linkAtHead(Waiter self) {
        self.prev = null;
        self.next = head;
        if (head == null) {
            tail = self;
        } else {
            head.prev = self;
        }
        head = self;
        self.linked = true;
        queued++;
    }

    /**
     * Runs a grant pass (after queueing, or a wake-up without a permit); true if {@code self} is waiting at the head.
     * If virtual threads hold permits, none used for {@value #STALL_NANOS} ns, and the pass permitted nobody, it rescues.
     */
    private boolean recheck(Waiter self) {
        Waiter root;
        boolean atHead;
        lockQuietly();
        try {
            root = passLocked(true);
            atHead = head == self;
        } finally {
            unlockAndServe();
        }
        wake(root, self);
        return atHead;
    }

    /**
     * Under the lock: a grant pass, and if it permitted nobody while virtual threads' permits have stayed unused for
     * {@value #STALL_NANOS} ns and callers queue, a rescue pass ({@code mayRescue}). Returns the root of the wake tree,
     * for the caller to unpark once it has unlocked, or null.
     */
    private Waiter passLocked(boolean mayRescue) {
        passWanted = false;
        VarHandle.fullFence(); // the store above before the reads of the consumer's sequence (see the class notes)
        int granted = grantLocked(false);
        if (granted == 0 && mayRescue && head != null && virtualPermits > 0 && System.nanoTime() - lastProgress >= STALL_NANOS) {
            grantLocked(true);
        }
        Waiter root = treeRoot;
        treeRoot = null;
        return root;
    }

    /**
     * Gives up waiting: unlinks {@code self} and returns true, unless it was permitted meanwhile (false: it then claims
     * its slot like any permitted caller, so that the permit is neither lost nor held).
     */
    private boolean leave(Waiter self) {
        Waiter newHead;
        lockQuietly();
        try {
            if (self.permitted) {
                return false;
            }
            newHead = unlinkLocked(self);
        } finally {
            unlockAndServe();
        }
        if (newHead != null) {
            LockSupport.unpark(newHead.thread); // it re-checks on its own from now on
        }
        return true;
    }

    /** Unlinks a queued {@code self}; returns the new head if {@code self} was the head, else null. */
    private Waiter unlinkLocked(Waiter self) {
        Waiter newHead = null;
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
        self.prev = null;
        self.next = null;
        self.linked = false;
        queued--;
        return newHead;
    }

    /**
     * A wait that ends by a throwable: unlinks {@code self} if it is queued, or returns its unused permit and passes its
     * wake-ups on if it was permitted, then runs a pass for whoever can use the slot. Never throws on its own account.
     */
    private void abandon(Waiter self) {
        Waiter newHead = null;
        Waiter root;
        lockQuietly();
        try {
            if (self.linked) {
                newHead = unlinkLocked(self);
            } else if (self.permitted) {
                self.permitted = false;
                returnPermit(self);
            }
            root = passLocked(false);
        } finally {
            unlockAndServe();
        }
        passOn(self);
        if (newHead != null) {
            LockSupport.unpark(newHead.thread);
        }
        wake(root, self);
    }

    /**
     * Under the lock: permits as many waiters from the head on as there are free slots not yet promised (a rescue: as
     * there are free slots), and unlinks them; returns how many. Leaves in {@code treeRoot} the platform waiter that
     * the pass's thread unparks once it has unlocked (the root of the wake tree), if there is one.
     *
     * <p>The thread running the pass, normally the consumer, unparks only the first permitted platform thread: one
     * futex call per pass instead of one per slot. The other platform threads are woken by the permitted platform
     * threads themselves, as a binary tree in arrival order: the {@code i}-th (from 0) wakes the {@code 2i+1}-th and
     * {@code 2i+2}-th, and the new head, which must start re-checking on its own, takes the next place in the tree
     * ({@link Waiter#wakeFirst}, {@link Waiter#wakeSecond}). A chain (each waking the next) would make the last of
     * {@code n} wait for {@code n} wake-ups in a row, each for a CPU; the tree's depth is {@code log2(n)}. Virtual
     * threads take no place in the tree, as parents or children: since one may not get a carrier to wake anyone (see the
     * class notes), the pass unparks each of them here, under the lock (for a virtual thread an unpark schedules a task:
     * no system call, and nothing that waits). Not after the unlock, from a list: a later pass may link and permit a
     * waiter of this pass's list again, and a walk after the unlock would follow its new links and lose the rest. A
     * rescue unparks every waiter it permits here. {@code permits} is raised before any waiter is permitted, and each
     * waiter's links are written before its {@code permitted} (a volatile store), so a waiter that sees its permit sees
     * whom to wake.
     */
    private int grantLocked(boolean rescue) {
        if (head == null) {
            return 0;
        }
        long free = rescue ? ring.remainingCapacity() : ring.remainingCapacity() - permits;
        int count = 0;
        Waiter waiter = head;
        while (waiter != null && count < free) {
            count++;
            waiter = waiter.next;
        }
        if (count == 0) {
            return 0;
        }
        // Promised before they stop counting as queued: a caller that gives way to waiting ones (nobodyWaits) never
        // reads both at zero while these waiters move from queued to permitted, so it cannot take their slots then.
        PERMITS.getAndAdd(this, count);
        queued -= count;
        lastProgress = System.nanoTime();
        Waiter newHead = waiter;
        // Platform waiters (and a platform new head) in a heap-ordered tree, built in one walk: each one placed after the
        // root becomes the next child of the oldest node with fewer than two. Virtual ones are unparked below.
        Waiter root = null;
        Waiter lastInTree = null;
        Waiter parent = null;
        int inTree = 0;
        Waiter permitted = head;
        for (int i = 0; i <= count; i++) {
            Waiter current = i < count ? permitted : newHead;
            if (current == null) {
                break;
            }
            current.nextInTree = null;
            current.wakeFirst = null;
            current.wakeSecond = null;
            if (current.virtual && i < count) {
                VIRTUAL_PERMITS.getAndAdd(this, 1);
            }
            if (current.virtual || rescue) {
                current.wakeHere = true;
            } else if (root == null) {
                current.wakeHere = false;
                root = current;
                parent = current;
                lastInTree = current;
                inTree = 1;
            } else {
                current.wakeHere = false;
                if (parent.wakeFirst == null) {
                    parent.wakeFirst = current;
                } else {
                    parent.wakeSecond = current;
                    parent = parent.nextInTree;
                }
                lastInTree.nextInTree = current;
                lastInTree = current;
                inTree++;
            }
            if (i < count) {
                permitted = permitted.next;
            }
        }
        lastWakeDepth = inTree == 0 ? 0 : 31 - Integer.numberOfLeadingZeros(inTree);
        permitted = head;
        for (int i = 0; i < count; i++) {
            Waiter following = permitted.next;
            permitted.linked = false;
            permitted.prev = null;
            permitted.next = null;
            permitted.permitted = true;
            if (permitted.wakeHere) {
                LockSupport.unpark(permitted.thread);
            }
            permitted = following;
        }
        head = newHead;
        if (newHead == null) {
            tail = null;
        } else {
            newHead.prev = null;
            if (newHead.wakeHere) {
                LockSupport.unpark(newHead.thread); // it re-checks on its own from now on
            }
        }
        if (root != null) {
            treeRoot = root;
        }
        return count;
    }

    /**
     * Outside the lock: unparks the root of a pass's wake tree (see {@link #grantLocked}), held in a local since the
     * pass; {@code self} is running and passes the wake-up on itself.
     */
    private static void wake(Waiter root, Waiter self) {
        if (root != null && root != self) {
            LockSupport.unpark(root.thread);
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

    /**
     * Takes the lock without ever queueing for it (see the class notes): spins, then parks
     * {@value #LOCK_BACKOFF_NANOS} ns between tries. The holder is a running thread a few instructions from its unlock.
     */
    private void lockQuietly() {
        if (lock.tryLock()) {
            return;
        }
        for (int tries = 1; !lock.tryLock(); tries++) {
            if (tries < LOCK_SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, LOCK_BACKOFF_NANOS);
            }
        }
    }

    /** Unlocks, then runs the passes another thread asked for while the lock was held (see the class notes). */
    private void unlockAndServe() {
        lock.unlock();
        serveWantedPasses();
    }

    private void serveWantedPasses() {
        while (passWanted && lock.tryLock()) {
            Waiter root;
            try {
                root = passLocked(false);
            } finally {
                lock.unlock();
            }
            wake(root, null);
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

    /**
     * Called by the consumer while it idles with callers queued: if virtual threads' permits have stayed unused for
     * {@value #STALL_NANOS} ns (their callers cannot run: see the class notes), permits queued callers for the free
     * slots and unparks them. Never waits for the lock: a holder is making progress.
     */
    void rescueIfStalled() {
        if (queued == 0 || !lock.tryLock()) {
            return;
        }
        Waiter root;
        try {
            root = passLocked(true);
        } finally {
            lock.unlock();
        }
        wake(root, null);
        serveWantedPasses();
    }

    /** Wakes every queued caller so that it re-checks the pipeline's state; any thread. */
    void signalAll() {
        lockQuietly();
        try {
            for (Waiter waiter = head; waiter != null; waiter = waiter.next) {
                LockSupport.unpark(waiter.thread);
            }
        } finally {
            unlockAndServe();
        }
    }

    /** The depth of the last grant pass's wake tree of platform threads: 0 when it woke one; for tests. */
    int lastWakeDepth() {
        lockQuietly();
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
