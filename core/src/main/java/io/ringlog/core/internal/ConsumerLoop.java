package io.ringlog.core.internal;

import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import io.ringlog.core.EventSink;
import io.ringlog.core.StatusReporter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * The single consumer: takes every published event (up to a batch), hands it on in order, flags the last
 * of the batch and every ERROR as end of batch, clears the slot and releases it; drains and closes on stop.
 * A downstream exception or {@link Error} is counted and reported, never fatal, even if reporting it fails too.
 *
 * <p>Only this loop's thread ever calls the {@link EventSink} with queued events. Callers never deliver other threads'
 * events, not even when the ring is full and the consumer is starved of CPU: a caller that ran the downstream in the
 * consumer's place would expose every event of its batch to that caller's thread state (its interrupt, its context
 * class loader, Logback's lazily computed caller data, a tracing context, its stack depth), would turn a target that
 * sticks on it into a logging call that never returns (which Log4j2's stop waits for), and would have the events a
 * target logs back refused by the frameworks' per-thread re-entry guards. Callers that find the ring full wait in the
 * {@link CapacityGate} instead; the adapters keep the consumer's own share of the work small (they encode on the
 * caller where the downstream allows it), so that the one serial thread needs little CPU.
 *
 * <p>Implementation notes:
 * <ul>
 * <li>{@code consumed} (a Disruptor {@link Sequence}, the ring's only gating sequence) has one writer, this
 * loop; it is a release store, made every {@value #RELEASE_STRIDE} events (every eighth of a smaller ring's slots:
 * a ring of 64 released only at the end of each batch kept its waiting callers waiting for a whole ring's delivery)
 * and at the end of each batch,
 * after the slots were cleared. Free slots are handed to the callers queued on the {@link CapacityGate}
 * ({@link CapacityGate#slotsReleased}: a full fence and a volatile load when nobody waits), oldest first, at the end
 * of each batch and, within a batch, once a quarter of the ring has been released since the last hand-over: a woken
 * caller then also finds room for a burst of further events instead of parking again after one, and the consumer
 * (the bottleneck while the ring is full) does not run a hand-over every 64 events. Under DROP_BELOW_WARN, where
 * only WARN and ERROR callers wait and events below WARN give way to them, the slot of every event delivered is
 * released and handed over while such a caller waits (one volatile read of the gate's count per event), so that a
 * WARN waits for one event's delivery, not a quarter ring's. A caller served that way that
 * finds the ring full again queues behind those still waiting, so every waiter is served within about a quarter ring
 * plus the callers ahead of it. The gate's notes say why no hand-over is lost.
 * <li>Slots are read after {@code RingBuffer.isAvailable} (an acquire load of the producer's release store).
 * <li>{@code failed} (volatile stores) and {@code delivered} (release stores, read with acquire loads: it moves with
 * every event, so it costs the loop no fence) have one writer, this loop, read by stats. They are
 * counted apart, each before the event's {@code finished} store: stats derived {@code delivered} as handed on minus
 * failed, two counters read one after the other, and a failure counted before its {@code finished} store (a failure
 * report lies in between) made that difference, and the delivered meter, step back by one (found by a network-sink
 * test sampling the counters while a peer was down). Each counter alone only ever grows. {@code closedAt} is set once, by a
 * CAS from {@code OPEN} ({@link #fixLastAccepted()}): by this loop when it closes or fails, or by {@code stop()}
 * when its drain gives up; producers that published after the pipeline began closing read it.
 * <li>{@code started} and {@code finished} (the sequence whose delivery began, and the last one handed on)
 * have one writer, this loop: release stores around each delivery and the clearing of its slot, read with acquire
 * loads by stats and by {@code stop()}, so that the counts are exact per event although slots are released in
 * strides, and an abandoned drain can tell the event stuck in a downstream appender from the ones never handed on.
 * An event's calls into the sink (deliver and clear) and their failure reports lie between its two stores; from a
 * {@code finished} store to the next {@code started} store the loop runs only its own code, which waits for nothing
 * but a nap (that a stop cuts short) or the gate's lock (that its holders keep for a few instructions).
 * <li>Closing is the consumer's half of a Dekker handshake: store {@code CLOSING} (volatile), full fence,
 * read the cursor. A producer claims with a CAS on the cursor and then reads the state. Either the claim
 * comes before the cursor read, and the slot is at or below {@code closedAt} and delivered here, or it
 * comes after, and the producer sees {@code CLOSING} and counts its event as dropped. The close delivers
 * nothing above {@code closedAt}, even when such a slot is published before one below it. A stop that gives up
 * (ABANDONED) and a consumer that fails (FAILED) run the same handshake, so that no claim made after either is
 * told it was accepted into a ring that nobody reads any more.
 * <li>The thread is never interrupted by Ringlog (an interrupt closes NIO channels in downstream appenders);
 * a stray interrupt is cleared before each of its batches.
 * </ul>
 */
final class ConsumerLoop<S> implements Runnable {
    static final long OPEN = Long.MAX_VALUE;
    static final int RELEASE_STRIDE = 64;
    /** While closing, how often the consumer yields for a claimed slot to be published before it parks between looks. */
    private static final int CLOSE_YIELDS = 64;
    private static final long CLOSE_PARK_NANOS = 100_000;

    private final RingBuffer<Entry<S>> ring;
    private final Sequence consumed;
    private final EventSink<S> sink;
    private final PipelineState state;
    private final CapacityGate gate;
    private final ConsumerParking parking;
    private final QueuedBytes queuedBytes;
    private final ActivityReporter reporter;
    private final StatusReporter status;
    private final String appender;
    private final int maxBatchSize;
    /** Released slots between two hand-overs to waiting callers within a batch. */
    private final long handOverStride;
    /** Delivered events between two releases of slots within a batch. */
    private final int releaseStride;
    /** DROP_BELOW_WARN: a waiting caller (a WARN or ERROR) is handed the slot of each event delivered. */
    private final boolean handOverEachEventToWaiters;
    /** The next sequence to hand on; consumer thread only. */
    private long next;
    /** The sequence up to which freed slots were last handed over to waiting callers; consumer thread only. */
    private long handedOverUpTo = -1;
    /** Callers on the slow path (waiting for a slot, or delivering a batch to free one): the close waits for them. */
    private final IntSupplier callersOnSlowPath;
    private final CountDownLatch ended = new CountDownLatch(1);

    private static final VarHandle STARTED;
    private static final VarHandle FINISHED;
    private static final VarHandle CLOSED_AT;
    private static final VarHandle DELIVERED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STARTED = lookup.findVarHandle(ConsumerLoop.class, "started", long.class);
            FINISHED = lookup.findVarHandle(ConsumerLoop.class, "finished", long.class);
            CLOSED_AT = lookup.findVarHandle(ConsumerLoop.class, "closedAt", long.class);
            DELIVERED = lookup.findVarHandle(ConsumerLoop.class, "delivered", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long failed;
    @SuppressWarnings("unused") // accessed through DELIVERED
    private long delivered;
    /** Set once, by CAS from {@link #OPEN}: see {@link #fixLastAccepted()}. */
    private volatile long closedAt = OPEN;
    @SuppressWarnings("unused") // accessed through STARTED
    private long started = -1;
    @SuppressWarnings("unused") // accessed through FINISHED
    private long finished = -1;
    /** The sequence the idle loop waits for; consumer thread only. */
    private long awaited;
    private final BooleanSupplier workOrStop;
    private final BooleanSupplier awaitedClaimed;
    private final Runnable onEnd;

    ConsumerLoop(RingBuffer<Entry<S>> ring, Sequence consumed, EventSink<S> sink, PipelineState state, CapacityGate gate,
                 ConsumerParking parking, QueuedBytes queuedBytes, ActivityReporter reporter, StatusReporter status, String appender, int maxBatchSize,
                 boolean handOverEachEvent, IntSupplier callersOnSlowPath, Runnable onEnd) {
        this.ring = ring;
        this.consumed = consumed;
        this.sink = sink;
        this.state = state;
        this.gate = gate;
        this.parking = parking;
        this.queuedBytes = queuedBytes;
        this.reporter = reporter;
        this.status = status;
        this.appender = appender;
        this.maxBatchSize = maxBatchSize;
        this.releaseStride = Math.max(1, Math.min(RELEASE_STRIDE, ring.getBufferSize() / 8));
        this.handOverStride = handOverEachEvent ? 1 : Math.max(releaseStride, ring.getBufferSize() / 4);
        this.handOverEachEventToWaiters = handOverEachEvent;
        this.workOrStop = () -> ring.isAvailable(awaited) || state.get() != PipelineState.RUNNING;
        this.awaitedClaimed = () -> ring.getCursor() >= awaited;
        this.callersOnSlowPath = callersOnSlowPath;
        this.onEnd = onEnd;
        this.next = consumed.get() + 1;
    }

    @Override
    public void run() {
        int idleRounds = 0;
        try {
            for (;;) {
                int current = state.get();
                if (current >= PipelineState.ABANDONED) {
                    return;
                }
                long from = next;
                long available = highestPublished(from, Long.MAX_VALUE);
                if (available >= from) {
                    if (idleRounds > 0) {
                        // Woken from a nap or a park: what it let pile up, claimed if not yet all published and
                        // however many batches it makes, sets the next nap (one cursor read per wake-up).
                        parking.found(ring.getCursor() - from + 1);
                    }
                    next = deliver(from, available);
                    idleRounds = 0;
                    continue;
                }
                if (current == PipelineState.DRAINING && ring.getCursor() < from && callersOnSlowPath.getAsInt() == 0) {
                    close(from);
                    return;
                }
                awaited = from;
                if (current == PipelineState.DRAINING || gate.waiters() > 0) {
                    // Naps only, no deep park: a caller that leaves the slow path without publishing wakes nobody,
                    // and callers queued in the gate with nothing to deliver means their permits are unused: a
                    // permitted virtual thread that cannot get a carrier (see CapacityGate); look past them in time.
                    idleRounds = Math.min(idleRounds, ConsumerParking.NAP_ROUNDS - 1);
                    gate.rescueIfStalled();
                    if (current == PipelineState.DRAINING) {
                        // The drain waits for a caller still copying into its slot, or one on the slow path: naps grow
                        // to the longest, so that a wait of any length costs about a thousand wake-ups a second.
                        parking.lengthenNap();
                    }
                }
                idleRounds = parking.idle(idleRounds, workOrStop, awaitedClaimed);
                if (ConsumerParking.isDeeplyIdle(idleRounds)) {
                    Thread.interrupted();
                }
            }
        } catch (Throwable unexpected) {
            fail(unexpected);
        } finally {
            gate.signalAll();
            ended.countDown();
            onEnd.run();
        }
    }

    /** An unexpected failure of the delivery loop itself (not of a downstream appender, which is counted). */
    private void fail(Throwable unexpected) {
        if (state.terminate(PipelineState.FAILED)) {
            fixLastAccepted();
            status.error("Ringlog appender '" + appender + "': its consumer thread failed; from now on events are not "
                    + "queued but written on the callers' threads, until the appender is restarted", unexpected);
        }
    }

    /**
     * The highest sequence from {@code next} on that is published without a gap, at most a batch and at most
     * {@code bound}; {@code next - 1} if none. Polls the next slot's availability flag first and reads the cursor only
     * once there is work: an idle consumer polling the cursor would pull its cache line away from every producer's CAS.
     */
    private long highestPublished(long next, long bound) {
        if (!ring.isAvailable(next)) {
            return next - 1;
        }
        long limit = Math.min(Math.min(ring.getCursor(), bound), next + maxBatchSize - 1);
        long sequence = next;
        while (sequence <= limit && ring.isAvailable(sequence)) {
            sequence++;
        }
        return sequence - 1;
    }

    /**
     * Hands on {@code from..to}, returns the next sequence to consume. Stops early if the pipeline is abandoned. Clears a
     * stray interrupt first: an interrupt closes NIO channels in downstream appenders.
     */
    private long deliver(long from, long to) {
        Thread.interrupted();
        for (long sequence = from; sequence <= to; sequence++) {
            if (state.get() >= PipelineState.ABANDONED) {
                release(sequence - 1, true);
                return sequence;
            }
            Entry<S> entry = ring.get(sequence);
            STARTED.setRelease(this, sequence);
            if (entry.written) {
                try {
                    sink.deliver(entry.payload, sequence == to || entry.error);
                    DELIVERED.setRelease(this, (long) DELIVERED.get(this) + 1);
                } catch (Throwable failure) {
                    failed++;
                    reportFailure(failure);
                }
            } else {
                failed++;
            }
            if (entry.kib != 0) {
                queuedBytes.handedOn(entry.kib);
            }
            clear(entry);
            // Only after the slot's clearing (the sink's code, and maybe a failure report): between this store and the
            // next event's STARTED the loop runs only its own code, so a stop that gave up can wait for it to move on
            // (see positionOnceAbandoned).
            FINISHED.setRelease(this, sequence);
            if (sequence != to && (((sequence - from + 1) % releaseStride) == 0
                    || handOverEachEventToWaiters && gate.waiters() > 0)) {
                release(sequence, sequence - handedOverUpTo >= handOverStride);
            }
        }
        release(to, true);
        return to + 1;
    }

    /**
     * After a drain that gave up, on the stopping thread: clears the published slots this loop will never read, from
     * after {@code position} up to {@code last}, so that the events they hold (an error storm's stack traces) do not stay
     * reachable for as long as the consumer is stuck in a downstream appender, which may be until the JVM ends. Only
     * when {@code position} is final (an event in flight, after which the loop sees ABANDONED and stops, or the loop
     * ended): otherwise the loop may be about to read the next slot, and the events stay.
     */
    void forgetUndelivered(Position position, long last) {
        if (!position.inFlight && ended.getCount() != 0) {
            return;
        }
        for (long sequence = position.handedOn + (position.inFlight ? 1 : 0); sequence <= last; sequence++) {
            if (ring.isAvailable(sequence)) {
                clear(ring.get(sequence));
            }
        }
    }

    /** Clears a slot the close left undelivered (a claim past {@code closedAt}); on the thread that claimed it. */
    void forget(Entry<S> entry) {
        clear(entry);
    }

    private void clear(Entry<S> entry) {
        S payload = entry.payload;
        try {
            if (payload != null) { // null: the slot factory failed on this entry's first claim
                sink.clear(payload);
            }
        } catch (Throwable failure) {
            reportFailure(failure);
        }
        entry.error = false;
        entry.written = false;
        entry.kib = 0;
    }

    /**
     * Reports a downstream failure that is already counted. The channel itself cannot throw ({@link GuardedStatus}),
     * but building the report can (an OutOfMemoryError): that must not end the consumer either, which would leave
     * the event half-accounted and drop everything after it.
     */
    private void reportFailure(Throwable failure) {
        try {
            reporter.failure(failure);
        } catch (Throwable reportingFailed) {
            // The failure is counted in the stats.
        }
    }

    private void release(long sequence, boolean handOver) {
        consumed.set(sequence);
        if (handOver) {
            handedOverUpTo = sequence;
            gate.slotsReleased();
        }
    }

    /** Fixes the last sequence to deliver (see the class notes), delivers up to it and stops. */
    private void close(long next) {
        if (!state.advance(PipelineState.DRAINING, PipelineState.CLOSING)) {
            return;
        }
        long last = fixLastAccepted();
        long sequence = next;
        int waits = 0;
        while (sequence <= last) {
            // Never past last: a caller that claimed after it was told its event is dropped (settleAfterClose), and
            // it may publish before an earlier claim is published, so the live cursor is no bound here.
            long available = highestPublished(sequence, last);
            if (available >= sequence) {
                sequence = deliver(sequence, available);
                waits = 0;
            } else {
                // A claimed slot is normally published within a few instructions; if its caller is descheduled, or
                // stuck inside its own slot's write, do not spin on it for the rest of the drain's bound.
                backOff(++waits);
            }
            if (state.get() >= PipelineState.ABANDONED) {
                return;
            }
        }
        try {
            sink.afterLastDelivery();
        } catch (Throwable failure) {
            reportFailure(failure);
        }
        state.advance(PipelineState.CLOSING, PipelineState.STOPPED);
    }

    /** Waits for the loop to end; false if it did not within the bound (0 = wait as long as it takes). */
    boolean awaitFinish(long timeoutMillis) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        try {
            for (;;) {
                try {
                    if (timeoutMillis == 0) {
                        ended.await();
                        return true;
                    }
                    return ended.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    long failed() {
        return failed;
    }

    /** Events handed on without an exception, exact per event. */
    long delivered() {
        return (long) DELIVERED.getAcquire(this);
    }

    /** Events handed on so far (delivered or failed), exact per event. */
    long handedOn() {
        return (long) FINISHED.getAcquire(this) + 1;
    }

    long closedAt() {
        return closedAt;
    }

    /**
     * The consumer's or the stopper's half of the close handshake (see the class notes), called right after the state
     * moved past DRAINING (to CLOSING, ABANDONED or FAILED): a full fence, then the cursor, which becomes the last
     * sequence that counts as accepted. A claim above it saw the new state and is settled by its caller as not
     * accepted. The first call wins (a CAS from {@link #OPEN}), so the consumer closing and a stop giving up at the
     * same moment agree on one sequence.
     *
     * @return the sequence fixed, by this call or an earlier one
     */
    long fixLastAccepted() {
        VarHandle.fullFence();
        long last = ring.getCursor();
        CLOSED_AT.compareAndSet(this, OPEN, last);
        return closedAt;
    }

    /**
     * The sequence whose delivery is under way (inside the sink), or -1 when none is. {@code finished} is read before
     * {@code started} (acquire loads of this loop's release stores): a reading taken between two events may return the
     * one that just began, or -1 for a moment; callers watching for a stuck delivery read it repeatedly, so a value
     * that stays the same across their watch means one event that has not returned. Any thread.
     */
    long deliveryUnderWay() {
        long finishedAt = (long) FINISHED.getAcquire(this);
        long startedAt = (long) STARTED.getAcquire(this);
        return startedAt > finishedAt ? startedAt : -1;
    }

    /**
     * A consistent reading of where the consumer stands, for a stop that gave up: {@code finished}, then {@code started},
     * then {@code finished} again, until both readings of {@code finished} agree. Then {@code started} was read while
     * {@code finished} had that value, so it is that sequence (nothing in flight) or the next one (in flight): a
     * single instant. One reading of each is not enough: an event that finished and the next that started between the
     * two reads would count the finished one as in flight and the started one as never handed on, one event more than
     * the queue held. Called after the state became ABANDONED, when the loop hands on at most one more event after the one it is in, so
     * the readings agree within a few rounds.
     */
    private Position position() {
        for (;;) {
            long finishedAt = (long) FINISHED.getAcquire(this);
            long startedAt = (long) STARTED.getAcquire(this);
            if ((long) FINISHED.getAcquire(this) == finishedAt) {
                return new Position(finishedAt + 1, startedAt > finishedAt);
            }
        }
    }

    /**
     * Where the consumer stands after a stop gave up (the state is ABANDONED), once that is final: an event in flight
     * (inside the sink; after it the loop sees the state and stops), the loop ended, or every event up to {@code last}
     * (the last accepted sequence) handed on. Between two events the loop may have checked the state just before it
     * changed and be about to begin one more, however long the scheduler keeps it from its next instruction: a reading
     * taken then would count that event as never handed on, although it is delivered a moment later (found under load on
     * two cores: a bound of 50 ms here reported one event more than the queue held). So while none holds, this waits
     * (yields, then short parks), for as long as the loop needs a CPU to go on: between two events it runs only its own
     * code (an event's calls into the sink lie between its {@code started} and {@code finished} stores, and the sink's
     * last call comes once every event is handed on), which waits for nothing but a nap, which the stop cut short, or
     * the gate's lock, held for a few instructions. The wait ends once an acquire load sees the loop's release store of
     * the next {@code started} (that event then counts as in flight) or its {@code finished} of the last accepted event,
     * or once {@code ended} has counted down, which the loop does after its last store of either. {@code boundNanos}
     * only guards against a defect; a reading returned at the bound may count one event too many.
     */
    Position positionOnceAbandoned(long last, long boundNanos) {
        long deadline = System.nanoTime() + boundNanos;
        for (int round = 1;; round++) {
            boolean loopEnded = ended.getCount() == 0; // read before the position: once ended, the position is final
            Position position = position();
            if (position.inFlight || loopEnded || position.handedOn > last || System.nanoTime() - deadline >= 0) {
                return position;
            }
            backOff(round);
        }
    }

    /**
     * A short wait for another thread that is a few instructions from done (a caller publishing its slot, this loop
     * settling after an abandoned drain): a yield for each of the first {@value #CLOSE_YIELDS} rounds, then a park of
     * {@value #CLOSE_PARK_NANOS} ns per round, so that a descheduled or stuck thread is not spun on.
     */
    private void backOff(int round) {
        if (round <= CLOSE_YIELDS) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(this, CLOSE_PARK_NANOS);
        }
    }

    /** Events handed on, and whether one more was inside a downstream appender, read together. */
    static final class Position {
        final long handedOn;
        final boolean inFlight;

        Position(long handedOn, boolean inFlight) {
            this.handedOn = handedOn;
            this.inFlight = inFlight;
        }
    }
}
