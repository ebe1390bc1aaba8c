package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import io.ringlog.contract.TestThreads;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The gate's hand-over, driven step by step: the test plays the consumer (it moves the ring's gating sequence) and
 * starts each caller only once the previous one is queued, so the arrival order is known.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CapacityGateTest {
    private static final int CAPACITY = 4;

    private final RingBuffer<long[]> ring = RingBuffer.createMultiProducer(() -> new long[1], CAPACITY, new BlockingWaitStrategy());
    private final HoldingSequence consumed = new HoldingSequence();
    private final PipelineState state = new PipelineState();
    private final CapacityGate gate = new CapacityGate(ring);

    /** A caller waiting in the gate on its own thread, and what it got. */
    private final class Caller {
        final AtomicLong sequence = new AtomicLong(Long.MIN_VALUE);
        final AtomicBoolean interruptedAfter = new AtomicBoolean();
        final Thread thread;

        /** Starts the caller and waits until it is parked with {@code queuedAfter} callers queued, or done. */
        Caller(String name, long deadlineNanos, int queuedAfter) {
            this(name, deadlineNanos, () -> queuedAfter);
        }

        /** As above, with the number of callers expected in the queue by then computed at each poll. */
        Caller(String name, long deadlineNanos, IntSupplier queuedAfter) {
            thread = TestThreads.startThread(name, () -> {
                sequence.set(gate.claim(deadlineNanos, state));
                interruptedAfter.set(Thread.currentThread().isInterrupted());
            });
            await().until(() -> (gate.waiters() == queuedAfter.getAsInt() && TestThreads.isParked(thread)) || !thread.isAlive());
        }

        long awaitResult() throws InterruptedException {
            thread.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(thread.isAlive()).as(thread.getName() + " still waiting").isFalse();
            return sequence.get();
        }
    }

    @BeforeEach
    void fillTheRing() throws Exception {
        ring.addGatingSequences(consumed);
        state.advance(PipelineState.NEW, PipelineState.RUNNING);
        for (int i = 0; i < CAPACITY; i++) {
            ring.tryNext();
        }
    }

    /**
     * The sequences the callers got, in the callers' order. Callers permitted in one pass each claim once they run, in
     * whatever order they run, so the tests compare these in any order.
     */
    private static List<Long> claimedBy(Caller... callers) throws InterruptedException {
        List<Long> claimed = new ArrayList<>();
        for (Caller caller : callers) {
            claimed.add(caller.awaitResult());
        }
        return claimed;
    }

    /** The consumer frees slots up to {@code sequence} and hands them over. */
    private void release(long sequence) {
        consumed.set(sequence);
        gate.slotsReleased();
    }

    @Test
    void slotsGoToQueuedCallersInArrivalOrderAndANewcomerQueuesBehindThem() throws Exception {
        Caller first = new Caller("first", CapacityGate.NO_DEADLINE, 1);
        Caller second = new Caller("second", CapacityGate.NO_DEADLINE, 2);

        // A slot is free, but the consumer has not handed it over yet: a newcomer must not take it.
        consumed.set(0);
        Caller newcomer = new Caller("newcomer", CapacityGate.NO_DEADLINE, 2);
        assertThat(first.awaitResult()).isEqualTo(CAPACITY);
        assertThat(gate.waiters()).isEqualTo(2);

        release(1);
        assertThat(second.awaitResult()).isEqualTo(CAPACITY + 1);
        // The granted caller wakes the new head (the newcomer) to re-check on its own: it runs for a moment, then
        // parks again without a slot, or ends with one (which it must not have).
        await().until(() -> TestThreads.isParked(newcomer.thread) || !newcomer.thread.isAlive());
        assertThat(newcomer.thread.isAlive()).as("the newcomer waits its turn").isTrue();

        release(2);
        assertThat(newcomer.awaitResult()).isEqualTo(CAPACITY + 2);
        assertThat(gate.waiters()).isZero();
    }

    @Test
    void eachFreedSlotWakesOneCallerNotAll() throws Exception {
        Caller[] callers = new Caller[6];
        for (int i = 0; i < callers.length; i++) {
            callers[i] = new Caller("caller-" + i, CapacityGate.NO_DEADLINE, i + 1);
        }
        long wakeUpsBefore = gate.wakeUps();
        long begin = System.nanoTime();

        release(0);
        assertThat(callers[0].awaitResult()).isEqualTo(CAPACITY);
        // The granted caller, and the next one once (to re-check on its own as the new head), not the other four. The
        // new head also re-checks every 10 ms, however long this took on a loaded machine; a herd wakes all six.
        long headRechecks = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin) / 10 + 1;
        assertThat(gate.wakeUps() - wakeUpsBefore).isLessThanOrEqualTo(2 + headRechecks);
        for (int i = 2; i < callers.length; i++) {
            assertThat(TestThreads.isParked(callers[i].thread)).isTrue();
        }
        release(CAPACITY + 1);
        // Five slots, permitted in one pass: each caller claims its own once it runs, in whatever order they run.
        assertThat(claimedBy(Arrays.copyOfRange(callers, 1, callers.length)))
                .containsExactlyInAnyOrder(CAPACITY + 1L, CAPACITY + 2L, CAPACITY + 3L, CAPACITY + 4L, CAPACITY + 5L);
    }

    @Test
    void aFreedSlotIsClaimedByItsCallerOnceItRunsNotOnItsBehalfWhileItIsParked() throws Exception {
        Caller first = new Caller("first", CapacityGate.NO_DEADLINE, 1);
        consumed.holdClaimsOf(first.thread);

        release(0);
        consumed.awaitHeld();
        // The consumer's pass only promised the slot: had it claimed it for the parked caller, the consumer would
        // stop at that unpublished slot until the caller was scheduled again.
        assertThat(ring.getCursor()).as("no slot claimed before its caller runs").isEqualTo(CAPACITY - 1);
        assertThat(gate.permitsOut()).isEqualTo(1);
        assertThat(gate.nothingPromised()).isFalse();
        assertThat(gate.claimIfUnpromised()).as("a promised slot is no free slot for the fast path").isEqualTo(CapacityGate.NO_SLOT);
        Caller newcomer = new Caller("newcomer", CapacityGate.NO_DEADLINE, 1);

        consumed.letGo();
        assertThat(first.awaitResult()).isEqualTo(CAPACITY);
        assertThat(gate.permitsOut()).isZero();
        assertThat(newcomer.thread.isAlive()).as("the newcomer waits its turn").isTrue();
        release(1);
        assertThat(newcomer.awaitResult()).isEqualTo(CAPACITY + 1);
        assertThat(gate.nothingPromised()).isTrue();
    }

    @Test
    void aPermittedCallerWhoseSlotWasTakenMeanwhileGoesBackToTheHeadOfTheQueue() throws Exception {
        Caller first = new Caller("first", CapacityGate.NO_DEADLINE, 1);
        Caller second = new Caller("second", CapacityGate.NO_DEADLINE, 2);
        consumed.holdClaimsOf(first.thread);

        release(0);
        consumed.awaitHeld();
        long taken = ring.tryNext(); // a caller that never waits (the consumer logging, a dropping policy) takes any free slot
        assertThat(taken).isEqualTo(CAPACITY);
        consumed.letGo();
        await().until(() -> gate.waiters() == 2 && gate.permitsOut() == 0 && TestThreads.isParked(first.thread));

        release(1);
        assertThat(first.awaitResult()).as("still first in line").isEqualTo(CAPACITY + 1);
        assertThat(second.thread.isAlive()).isTrue();
        release(2);
        assertThat(second.awaitResult()).isEqualTo(CAPACITY + 2);
    }

    @Test
    void callersPermittedInOnePassWakeEachOtherAsATreeNotAChain() throws Exception {
        Caller[] callers = new Caller[6];
        for (int i = 0; i < callers.length; i++) {
            callers[i] = new Caller("caller-" + i, CapacityGate.NO_DEADLINE, i + 1);
        }

        release(CAPACITY - 1); // the whole ring: four slots for the first four callers, in one pass
        assertThat(claimedBy(Arrays.copyOfRange(callers, 0, CAPACITY)))
                .containsExactlyInAnyOrder((long) CAPACITY, CAPACITY + 1L, CAPACITY + 2L, CAPACITY + 3L);
        // Four permitted and the new head: woken as 0 → (1, 2), 1 → (3, new head), two wake-ups deep. A chain is four.
        assertThat(gate.lastWakeDepth()).isEqualTo(2);
        await().until(() -> TestThreads.isParked(callers[4].thread) && TestThreads.isParked(callers[5].thread));
        assertThat(gate.waiters()).isEqualTo(2);

        release(2 * CAPACITY - 1);
        assertThat(claimedBy(callers[4], callers[5])).containsExactlyInAnyOrder(2L * CAPACITY, 2L * CAPACITY + 1);
        assertThat(gate.lastWakeDepth()).as("two permitted, nobody left to wake").isEqualTo(1);
    }

    @Test
    void aCallerWhoseDeadlinePassesLeavesTheQueueWithoutASlotAndTheOthersKeepTheirOrder() throws Exception {
        Caller first = new Caller("first", CapacityGate.NO_DEADLINE, 1);
        Caller impatient = new Caller("impatient", System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500), 2);
        Caller last = new Caller("last", CapacityGate.NO_DEADLINE, () -> impatient.thread.isAlive() ? 3 : 2);

        assertThat(impatient.awaitResult()).isEqualTo(CapacityGate.NO_SLOT);
        assertThat(gate.waiters()).isEqualTo(2);
        release(1);
        assertThat(claimedBy(first, last)).containsExactlyInAnyOrder((long) CAPACITY, CAPACITY + 1L);
        assertThat(ring.getCursor()).as("no slot claimed for the caller who left").isEqualTo(CAPACITY + 1);
    }

    /**
     * A caller whose wait ends by a throwable (here {@code Thread.stop}'s {@code ThreadDeath} at its park, as an
     * {@code Error} thrown there would) leaves the queue: the next caller gets the freed slot and no permit stays out.
     * Before, the dead caller stayed linked, the pass permitted it, and the permit and the slot were lost for good.
     */
    @Test
    void aCallerThatLeavesTheWaitByAThrowableLeavesNoPermitAndNoPlaceInLine() throws Exception {
        Caller doomed = new Caller("doomed", CapacityGate.NO_DEADLINE, 1);
        Caller next = new Caller("next", CapacityGate.NO_DEADLINE, 2);
        Method stop = Thread.class.getMethod("stop");
        try {
            stop.invoke(doomed.thread);
        } catch (InvocationTargetException unsupported) {
            Assumptions.abort("Thread.stop is not supported on this JDK: " + unsupported.getCause());
        }
        doomed.thread.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(doomed.thread.isAlive()).isFalse();
        await().until(() -> gate.waiters() == 1);

        release(0);
        assertThat(next.awaitResult()).isEqualTo(CAPACITY);
        assertThat(gate.permitsOut()).isZero();
        assertThat(gate.waiters()).isZero();
    }

    @Test
    void anInterruptDoesNotEndTheWaitAndIsRestoredAfterIt() throws Exception {
        Caller head = new Caller("head", CapacityGate.NO_DEADLINE, 1);
        Caller queued = new Caller("queued", CapacityGate.NO_DEADLINE, 2);
        head.thread.interrupt();
        queued.thread.interrupt();
        await().during(Duration.ofMillis(50)).atMost(Duration.ofSeconds(5))
                .until(() -> TestThreads.isParked(head.thread) && TestThreads.isParked(queued.thread) && gate.waiters() == 2);

        release(1);
        assertThat(claimedBy(head, queued)).containsExactlyInAnyOrder((long) CAPACITY, CAPACITY + 1L);
        assertThat(head.interruptedAfter).isTrue();
        assertThat(queued.interruptedAfter).isTrue();
    }

    @Test
    void callersAreReleasedWithoutASlotOnceThePipelinePassesDraining() throws Exception {
        Caller head = new Caller("head", CapacityGate.NO_DEADLINE, 1);
        Caller queued = new Caller("queued", CapacityGate.NO_DEADLINE, 2);
        state.advance(PipelineState.RUNNING, PipelineState.DRAINING);
        state.advance(PipelineState.DRAINING, PipelineState.CLOSING);
        gate.signalAll();

        assertThat(head.awaitResult()).isEqualTo(CapacityGate.NO_SLOT);
        assertThat(queued.awaitResult()).isEqualTo(CapacityGate.NO_SLOT);
        assertThat(gate.waiters()).isZero();
        assertThat(ring.getCursor()).isEqualTo(CAPACITY - 1);
    }

    /**
     * The consumer's sequence, which can hold one thread inside its claim ({@code tryNext} reads it when the ring
     * looks full): the test then sees what the gate did before that thread claimed.
     */
    private static final class HoldingSequence extends Sequence {
        private volatile Thread holding;
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch letGo = new CountDownLatch(1);

        HoldingSequence() {
            super(-1);
        }

        void holdClaimsOf(Thread thread) {
            holding = thread;
        }

        void awaitHeld() throws InterruptedException {
            assertThat(held.await(10, TimeUnit.SECONDS)).as("the caller claims").isTrue();
        }

        void letGo() {
            holding = null;
            letGo.countDown();
        }

        @Override
        public long get() {
            if (Thread.currentThread() == holding && inClaim()) {
                held.countDown();
                try {
                    letGo.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return super.get();
        }

        private static boolean inClaim() {
            return StackWalker.getInstance().walk(frames -> frames.anyMatch(frame -> frame.getMethodName().equals("tryNext")));
        }
    }
}
