package io.ringlog.core.internal;

import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.BiSlotWriter;
import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.OfferOutcome;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.PipelineStats;
import io.ringlog.core.SlotWriter;
import io.ringlog.core.StatusReporter;
import io.ringlog.core.StopReport;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The Disruptor-backed {@link AsyncPipeline}: a multi-producer ring of pre-allocated {@link Entry} slots,
 * one {@link ConsumerLoop}, a {@link CapacityGate} for callers that must wait, and exact counters.
 *
 * <p>Implementation notes, the producer's fast path ({@link #offer}):
 * <ol>
 * <li>a volatile load of the state (a line written only by lifecycle transitions);
 * <li>with a discarding threshold, a capacity check against the consumer's sequence (acquire loads);
 * <li>a volatile load of the gate's count of slots promised to woken callers ({@link CapacityGate#nothingPromised()}):
 * a line written only on the slow path; while it is non-zero, the claim takes only a slot beyond those promised;
 * <li>{@code tryNext}: one CAS on the ring cursor, the only shared write, as in any multi-producer ring;
 * <li>the adapter's writer fills the slot (plain stores), then {@code publish}: a release store of the
 * slot's availability flag, and {@link ConsumerParking#signalAllWhenBlocking()}: one volatile load;
 * <li>a second volatile load of the state, which completes the close handshake (see {@link ConsumerLoop}).
 * </ol>
 * No lock, no allocation, no counter shared with other callers. Drops go to striped {@code LongAdder}s;
 * {@code stranded} (an {@link AtomicLong}) counts the rare claims that lost the race with closing, and
 * {@code callersWaiting} (an {@link AtomicInteger}) the callers on the slow path, which the fast path never touches;
 * so are {@code callersBlocked} and {@code callersBlockedNanos} (striped {@code LongAdder}s, written by a caller when its
 * wait in the gate ends: the only {@code System.nanoTime()} calls of an offer are there).
 * A caller that must wait queues in the {@link CapacityGate} and parks until the consumer frees slots and the gate
 * permits it to claim one; it
 * never runs the downstream with other threads' events (the consumer thread alone delivers, see {@link ConsumerLoop}).
 * A caller that finds the pipeline stopped after a completed drain is told CLOSED, and after a drain that gave up (ABANDONED) its event is dropped and counted: the stop that gave
 * up runs the close handshake too ({@link ConsumerLoop#fixLastAccepted()}), so a claim after it is never accepted.
 *
 * <p>Counters: enqueued is the ring cursor + 1 minus the stranded claims; handed-on is the consumer's
 * sequence + 1, of which {@code failed} threw downstream; the difference is the queue.
 */
public final class RingPipeline<S> implements AsyncPipeline<S> {

    private final PipelineSettings settings;
    private final StatusReporter status;
    private final RingBuffer<Entry<S>> ring;
    private final Sequence consumed = new Sequence(-1);
    private final PipelineState state = new PipelineState();
    private final CapacityGate gate;
    private final QueuedBytes queuedBytes;
    private final ConsumerParking parking;
    private final DropCounters drops = new DropCounters();
    private final AtomicLong stranded = new AtomicLong();
    private final AtomicInteger callersWaiting = new AtomicInteger();
    private final LongAdder deliveredDirectly = new LongAdder();
    /** Callers that waited in the gate, and their waits' total in nanoseconds: written on the slow path only. */
    private final LongAdder callersBlocked = new LongAdder();
    private final LongAdder callersBlockedNanos = new LongAdder();
    private final CallerThreadDeliveries callerThreadDeliveries = new CallerThreadDeliveries();
    /** True while a summary of drops made after stop() began is scheduled (see {@link #drop}). */
    private final AtomicBoolean lateReportPending = new AtomicBoolean();
    private final ActivityReporter reporter;
    private final ConsumerLoop<S> consumer;
    /** Creates an entry's slot when a producer first claims it; called by any producer, concurrently for distinct entries. */
    private final Supplier<S> slotFactory;
    private final int discardingThreshold;
    private final FullQueuePolicy policy;
    private final long maxBlockTimeNanos;
    /** The adapter's word on whether a call may be nested in its thread's slot writing ({@link #isWritingASlot}). */
    private final BooleanSupplier maybeNested;
    /**
     * {@link #offerWhenFull}, bound to this pipeline, for {@link #offerWhenFullOutOfLine}: a handle in an instance field
     * is not a constant to the JIT, so it never inlines the slow path into the callers' fast path.
     */
    private final MethodHandle whenFull;

    /** How long after a late drop its summary is emitted, so that the drops of callers released together share one. */
    private static final long LATE_REPORT_DELAY_MILLIS = 100;
    /** How long {@link #tryOfferUnlessStuck} watches one delivery that has not returned before it drops. */
    private static final long STUCK_DELIVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(STUCK_DELIVERY_MILLIS);
    /** The watch's step: short against the bound, long enough that a watching caller takes no CPU from the consumer. */
    private static final long STUCK_WATCH_STEP_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    /**
     * After a drain gave up, how long the stop waits at most for the consumer to be inside a downstream appender, ended,
     * or done with every accepted event, so that the loss it reports is exact (see
     * {@link ConsumerLoop#positionOnceAbandoned}); normally microseconds, longer only while the consumer waits for a CPU.
     * A guard against a defect, so far beyond any scheduling delay: 50 ms was exceeded on two loaded cores.
     */
    private static final long ABANDON_SETTLE_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How often a caller waiting for room within the byte bound looks again (see {@link #awaitBytes}). */
    private static final long BYTES_RECHECK_NANOS = 1_000_000;
    /** How long a stopper waits for its status messages to be written by the reporter thread (see {@link #completeStop}). */
    private static final long STATUS_WAIT_MILLIS = 2_000;
    /** How long the exit hook waits, after a drain that gave up, for the callers it released to settle. */
    private static final long EXIT_SETTLE_MILLIS = 200;

    private final Object lifecycle = new Object();
    /** Written in start() before the RUNNING store that publishes it to producers; never changes after. */
    private Thread consumerThread;
    /** Under {@code lifecycle}. */
    private Thread exitHook;
    /** Written in start(), read by the stop's completion after the start's RUNNING store. */
    private volatile Future<?> reports;
    /** When stop() began, {@link System#nanoTime()}; 0 before. Under {@code lifecycle}. */
    private long stopBegunAt;
    private volatile StopReport stopReport;
    private final CountDownLatch stopCompleted = new CountDownLatch(1);
    private final AtomicBoolean boundedWaitClaimed = new AtomicBoolean();
    private final AtomicBoolean deferredStopReported = new AtomicBoolean();

    /** Schedules the periodic summary; {@link ReportScheduler#every} but in tests of a scheduler that fails. */
    interface PeriodicReports {
        Future<?> schedule(long periodMillis, Runnable report);
    }

    private final PeriodicReports periodicReports;

    /** Pre-allocates the ring; see {@link AsyncPipeline#create}. */
    public RingPipeline(PipelineSettings settings, Supplier<S> slotFactory, EventSink<S> sink, StatusReporter status) {
        this(settings, slotFactory, sink, status, ReportScheduler::every);
    }

    RingPipeline(PipelineSettings settings, Supplier<S> slotFactory, EventSink<S> sink, StatusReporter status,
                 PeriodicReports periodicReports) {
        this.periodicReports = periodicReports;
        this.settings = settings;
        this.status = new GuardedStatus(status);
        this.parking = new ConsumerParking(settings.capacity());
        this.slotFactory = slotFactory;
        this.ring = RingBuffer.createMultiProducer(Entry::new, settings.capacity(), parking);
        this.ring.addGatingSequences(consumed);
        this.gate = new CapacityGate(ring);
        this.queuedBytes = new QueuedBytes(settings.maxQueueBytes());
        this.reporter = new ActivityReporter(settings, this.status, drops, state, System.nanoTime());
        this.consumer = new ConsumerLoop<>(ring, consumed, sink, state, gate, parking, queuedBytes, reporter, this.status,
                settings.name(), settings.maxBatchSize(), settings.fullQueuePolicy() == FullQueuePolicy.DROP_BELOW_WARN,
                callersWaiting::get, this::consumerEnded);
        this.discardingThreshold = settings.discardingThreshold();
        this.policy = settings.fullQueuePolicy();
        this.maxBlockTimeNanos = settings.maxBlockTimeNanos();
        this.maybeNested = settings.maybeNestedInSlotWriting();
        this.whenFull = bindOfferWhenFull();
    }

    private MethodHandle bindOfferWhenFull() {
        try {
            return MethodHandles.lookup().findVirtual(RingPipeline.class, "offerWhenFull", MethodType.methodType(
                    OfferOutcome.class, EventLevel.class, Object.class, Object.class, BiSlotWriter.class, boolean.class, int.class))
                    .bindTo(this);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot bind RingPipeline.offerWhenFull", e);
        }
    }

    @Override
    public void start() {
        synchronized (lifecycle) {
            if (state.get() != PipelineState.NEW) {
                throw new IllegalStateException("Ringlog pipeline '" + settings.name() + "' was already started; "
                        + "a stopped pipeline is not restarted, a new one is created");
            }
            Thread thread = settings.threadFactory().newThread(consumer);
            thread.setName("ringlog-" + settings.name());
            thread.setDaemon(true);
            consumerThread = thread;
            if (settings.drainOnJvmExit()) {
                registerExitHook();
            }
            state.advance(PipelineState.NEW, PipelineState.RUNNING);
            try {
                thread.start();
            } catch (Throwable noThread) {
                // For example "unable to create native thread": leave nothing behind that looks alive.
                state.terminate(PipelineState.FAILED);
                consumer.fixLastAccepted();
                removeExitHook();
                complete(new StopReport(true, 0, false, 0)); // nothing was ever accepted, so nothing to drain
                throw new IllegalStateException("Ringlog pipeline '" + settings.name() + "' could not start its consumer thread", noThread);
            }
            try {
                reports = periodicReports.schedule(settings.reportIntervalMillis(), () -> reporter.report(System.nanoTime()));
            } catch (RuntimeException | Error noReporter) {
                // For example no native thread for the reporter: the pipeline runs (its consumer is already running and
                // its exit hook registered), its drops are still counted, only the periodic summaries are missing.
                status.warn("Ringlog appender '" + settings.name() + "' could not schedule its periodic drop summaries ("
                        + noReporter + "); it runs without them, and its drops are still counted in its statistics and MBean");
            }
        }
    }

    @Override
    public <E> boolean offer(EventLevel level, E event, SlotWriter<S, E> writer) {
        return offer(level, event, null, writer, true, true, 0) == OfferOutcome.ACCEPTED;
    }

    @Override
    public <E> OfferOutcome offerWhileRunning(EventLevel level, E event, SlotWriter<S, E> writer) {
        return offer(level, event, null, writer, true, false, 0);
    }

    @Override
    public <E> OfferOutcome offerWhileRunning(EventLevel level, E event, SlotWriter<S, E> writer, long estimatedBytes) {
        return offer(level, event, null, writer, true, false, queuedBytes.weightOf(estimatedBytes));
    }

    @Override
    public <E, P> OfferOutcome offerWhileRunning(EventLevel level, E event, P prepared, BiSlotWriter<S, E, P> writer) {
        return offer(level, event, prepared, writer, true, false, 0);
    }

    @Override
    public <E, P> OfferOutcome offerWhileRunning(EventLevel level, E event, P prepared, BiSlotWriter<S, E, P> writer,
            long estimatedBytes) {
        return offer(level, event, prepared, writer, true, false, queuedBytes.weightOf(estimatedBytes));
    }

    @Override
    public <E> OfferOutcome tryOffer(EventLevel level, E event, SlotWriter<S, E> writer) {
        return offer(level, event, null, writer, false, false, 0);
    }

    @Override
    public <E> OfferOutcome tryOffer(EventLevel level, E event, SlotWriter<S, E> writer, long estimatedBytes) {
        return offer(level, event, null, writer, false, false, queuedBytes.weightOf(estimatedBytes));
    }

    @Override
    public <E, P> OfferOutcome tryOffer(EventLevel level, E event, P prepared, BiSlotWriter<S, E, P> writer, long estimatedBytes) {
        return offer(level, event, prepared, writer, false, false, queuedBytes.weightOf(estimatedBytes));
    }

    @Override
    public <E> OfferOutcome tryOfferUnlessStuck(EventLevel level, E event, SlotWriter<S, E> writer, long estimatedBytes) {
        return tryOfferUnlessStuck(level, event, null, writer, estimatedBytes);
    }

    @Override
    public <E, P> OfferOutcome tryOfferUnlessStuck(EventLevel level, E event, P prepared, BiSlotWriter<S, E, P> writer,
            long estimatedBytes) {
        OfferOutcome outcome = tryOffer(level, event, prepared, writer, estimatedBytes);
        long watched;
        if (outcome != OfferOutcome.FULL || (watched = consumer.deliveryUnderWay()) < 0) {
            return outcome;
        }
        boolean interrupted = Thread.interrupted(); // a pending interrupt would turn each park below into a spin
        try {
            long begun = System.nanoTime();
            for (;;) {
                LockSupport.parkNanos(STUCK_WATCH_STEP_NANOS);
                interrupted |= Thread.interrupted(); // kept for the caller, not left to end each later park at once
                outcome = tryOffer(level, event, prepared, writer, estimatedBytes);
                if (outcome != OfferOutcome.FULL || consumer.deliveryUnderWay() != watched) {
                    return outcome;
                }
                if (System.nanoTime() - begun >= STUCK_DELIVERY_NANOS) {
                    drop(level, DropReason.QUEUE_FULL);
                    return OfferOutcome.DROPPED;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The one offer path. {@code mayWait}: a full ring is handled by the policy (which may wait), else refused
     * as FULL. {@code countClosed}: an event refused because the pipeline is not running (at entry, stranded by
     * the close, or released from its wait when a drain gave up) is counted as dropped, else refused as CLOSED.
     */
    private <E, P> OfferOutcome offer(EventLevel level, E event, P prepared, BiSlotWriter<S, E, ? super P> writer, boolean mayWait,
            boolean countClosed, int kib) {
        int current = state.get();
        if (current != PipelineState.RUNNING && (current != PipelineState.DRAINING || !mayQueueWhileDraining())) {
            return closed(level, countClosed);
        }
        final RingBuffer<Entry<S>> ring = this.ring;
        if (discardingThreshold > 0 && level.isBelowWarn() && !ring.hasAvailableCapacity(discardingThreshold + 1)) {
            parking.wakeIfIdle(consumerThread); // a nap let the queue pass the threshold: have it drained now
            drop(level, DropReason.DISCARDING_THRESHOLD);
            return OfferOutcome.DROPPED;
        }
        if (kib != 0 && !queuedBytes.admits(kib)) {
            // The queued events hold as many bytes as the bound allows: full, for this event, as if the ring were.
            return mayWait ? offerWhenFullOutOfLine(level, event, prepared, writer, countClosed, kib) : refusedAsFull();
        }
        long sequence;
        try {
            if (yieldsToWaiters(level)) {
                if ((sequence = gate.claimIfNobodyWaits()) == CapacityGate.NO_SLOT) {
                    return mayWait ? offerWhenFullOutOfLine(level, event, prepared, writer, countClosed, kib) : refusedAsFull();
                }
            } else if (gate.nothingPromised()) {
                sequence = ring.tryNext();
            } else if ((sequence = gate.claimIfUnpromised()) == CapacityGate.NO_SLOT) {
                // The free slots are promised to callers woken to claim them: full, for this caller.
                return mayWait ? offerWhenFullOutOfLine(level, event, prepared, writer, countClosed, kib) : refusedAsFull();
            }
        } catch (InsufficientCapacityException full) {
            return mayWait ? offerWhenFullOutOfLine(level, event, prepared, writer, countClosed, kib) : refusedAsFull();
        }
        return publishClaimed(sequence, level, event, prepared, writer, countClosed, kib);
    }

    @Override
    public boolean wouldDrop(EventLevel level) {
        if (state.get() != PipelineState.RUNNING) {
            return false; // the adapter delivers such an event another way, or the pipeline counts it
        }
        if (discardingThreshold > 0 && level.isBelowWarn() && !ring.hasAvailableCapacity(discardingThreshold + 1)) {
            return true;
        }
        if (policyWaits(level)) {
            return false;
        }
        return yieldsToWaiters(level) && !gate.nobodyWaits() || !ring.hasAvailableCapacity(1);
    }

    /**
     * A {@link #tryOffer} that found no free slot: the consumer may be napping (see ConsumerParking), and the caller
     * is about to write its event itself, out of order, for as long as the ring stays full: have the ring drained now.
     */
    private OfferOutcome refusedAsFull() {
        parking.wakeIfIdle(consumerThread);
        return OfferOutcome.FULL;
    }

    /**
     * Calls {@link #offerWhenFull} through {@link #whenFull}, so that the JIT compiles it apart from the fast path.
     * Left free to inline it, the JIT often compiled the framework's logging path around the fast path without
     * SLF4J's message formatter inlined, so without escape analysis of its temporaries: measured with Logback,
     * 1 caller, BLOCK, no-op sink, one fork each, 7 of 13 forks allocated 505.8 B per call, against none of 6 with
     * {@code -XX:CompileCommand=dontinline} on this slow path and 3 of 16 through the handle (the others 361.8–409.8 B,
     * as DROP_ALL), at the same throughput within the noise (docs/benchmarks/allocation-and-latency.md).
     */
    @SuppressWarnings("rawtypes") // invokeExact needs the handle's erased parameter types
    private <E, P> OfferOutcome offerWhenFullOutOfLine(EventLevel level, E event, P prepared, BiSlotWriter<S, E, ? super P> writer,
            boolean countClosed, int kib) {
        try {
            return (OfferOutcome) whenFull.invokeExact(level, (Object) event, (Object) prepared, (BiSlotWriter) writer, countClosed, kib);
        } catch (RuntimeException | Error thrown) {
            throw thrown; // a slot writer's failure, as from a direct call
        } catch (Throwable impossible) {
            throw new IllegalStateException(impossible); // offerWhenFull declares no checked exception
        }
    }

    /**
     * The slow path: the ring was full, or its free slots promised to callers woken in the gate, and the policy decides. {@code callersWaiting} counts the callers on it (an
     * {@link AtomicInteger} that only this path writes, never the fast one) until their event is accounted for, so
     * that the exit hook can tell when the callers a drain released have all settled.
     */
    private <E, P> OfferOutcome offerWhenFull(EventLevel level, E event, P prepared, BiSlotWriter<S, E, ? super P> writer,
            boolean countClosed, int kib) {
        callersWaiting.incrementAndGet();
        try {
            boolean policyWaits = policyWaits(level);
            boolean waits = policyWaits && mayWait();
            long waitBegun = 0;
            if (kib != 0 && !queuedBytes.admits(kib)) {
                if (!policyWaits) {
                    drop(level, DropReason.QUEUE_BYTES_FULL);
                    return OfferOutcome.DROPPED;
                }
                // A caller that cannot wait (the consumer logging, a call nested in its own slot's writing) goes on to
                // take a slot if there is one: its event is one more, and nobody would release bytes for it.
                if (waits) {
                    waitBegun = System.nanoTime();
                    if (!awaitBytes(kib, waitBegun)) {
                        countWait(waitBegun);
                        if (state.get() > PipelineState.DRAINING) {
                            return closed(level, countClosed);
                        }
                        drop(level, DropReason.BLOCK_TIME_EXCEEDED);
                        return OfferOutcome.DROPPED;
                    }
                }
            }
            // A slot promised to a permitted caller is not free, for a caller that waits as for one that the policy has
            // drop; an event below WARN under DROP_BELOW_WARN takes no slot at all while a WARN or ERROR waits. Only a
            // caller that the policy would have wait but cannot (a downstream appender logging on the consumer, a call
            // nested in the writing of its own slot) takes any free slot: its permitted caller queues again at the head.
            long sequence = yieldsToWaiters(level) ? gate.claimIfNobodyWaits()
                    : waits || !policyWaits ? gate.claimIfUnpromised() : claimIfFree();
            if (sequence == CapacityGate.NO_SLOT) {
                sequence = claimWhenFull(waits, waitBegun);
            } else if (waitBegun != 0) {
                countWait(waitBegun);
            }
            if (sequence == CapacityGate.NO_SLOT) {
                if (state.get() > PipelineState.DRAINING) {
                    return closed(level, countClosed);
                }
                // A wait that ends without a slot while the pipeline runs ended at the block bound.
                drop(level, waits ? DropReason.BLOCK_TIME_EXCEEDED : DropReason.QUEUE_FULL);
                return OfferOutcome.DROPPED;
            }
            return publishClaimed(sequence, level, event, prepared, writer, countClosed, kib);
        } finally {
            callersWaiting.decrementAndGet();
        }
    }

    /**
     * Waits, in timed parks of {@value #BYTES_RECHECK_NANOS} ns, until the queued events leave room for {@code kib}
     * within the byte bound; false at the block bound, or once the pipeline no longer takes waiting callers. The
     * consumer frees bytes as it hands events on; it is not asked to wake anyone for them (a byte bound is reached in an
     * error storm, when a wake-up per event would cost most), so a waiter looks again on its own: no waiter depends on
     * another thread to be woken (see CapacityGate on pinned virtual threads). An interrupt does not end the wait.
     */
    private boolean awaitBytes(int kib, long begun) {
        long deadline = maxBlockTimeNanos < 0 ? CapacityGate.NO_DEADLINE : begun + maxBlockTimeNanos;
        boolean interrupted = false;
        try {
            parking.wakeIfIdle(consumerThread);
            while (!queuedBytes.admits(kib)) {
                long remaining = deadline == CapacityGate.NO_DEADLINE ? BYTES_RECHECK_NANOS : deadline - System.nanoTime();
                if (state.get() > PipelineState.DRAINING || remaining <= 0) {
                    return false;
                }
                LockSupport.parkNanos(this, Math.min(remaining, BYTES_RECHECK_NANOS));
                interrupted |= Thread.interrupted();
            }
            return true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A caller's wait for room ended: counted once per offer, however many waits (bytes, then a slot) it made. */
    private void countWait(long begun) {
        callersBlockedNanos.add(System.nanoTime() - begun);
        callersBlocked.increment();
    }

    /** Fills and publishes a claimed slot, then settles it if the pipeline began closing meanwhile. */
    private <E, P> OfferOutcome publishClaimed(long sequence, EventLevel level, E event, P prepared, BiSlotWriter<S, E, ? super P> writer,
            boolean countClosed, int kib) {
        boolean beforeClose;
        try {
            beforeClose = publish(sequence, level, event, prepared, writer, kib);
        } catch (RuntimeException | Error writerFailed) {
            // The slot is published as not written. Below the close the consumer counts it as failed; above it
            // nobody will, so it is counted as dropped, like any other event the close refused.
            if (state.get() >= PipelineState.CLOSING && !settleAfterClose(sequence)) {
                dropAfterStop(level);
            }
            throw writerFailed;
        }
        if (beforeClose || settleAfterClose(sequence)) {
            return OfferOutcome.ACCEPTED;
        }
        return closed(level, countClosed);
    }

    /**
     * An event refused because the pipeline is not running. After a drain that gave up it is always dropped and
     * counted: the downstream is blocked or too slow, so no adapter should deliver it there on the caller's thread.
     */
    private OfferOutcome closed(EventLevel level, boolean count) {
        if (count || state.get() == PipelineState.ABANDONED) {
            dropAfterStop(level);
            return OfferOutcome.DROPPED;
        }
        return OfferOutcome.CLOSED;
    }

    /**
     * Fills and publishes a claimed slot. Returns true on the fast path: the pipeline had not begun closing
     * when the claim's CAS happened (see the close handshake in {@link ConsumerLoop}).
     */
    private <E, P> boolean publish(long sequence, EventLevel level, E event, P prepared, BiSlotWriter<S, E, ? super P> writer,
            int kib) {
        Entry<S> entry = ring.get(sequence);
        entry.error = level == EventLevel.ERROR;
        if (kib != 0) {
            entry.kib = (char) kib;
            queuedBytes.added(kib);
        }
        entry.writer = (int) Thread.currentThread().getId();
        boolean written = false;
        try {
            S payload = entry.payload;
            if (payload == null) {
                entry.payload = payload = slotFactory.get(); // this entry's first event: see Entry.payload
            }
            writer.write(payload, event, prepared);
            written = true;
        } finally {
            entry.written = written;
            entry.writer = 0;
            ring.publish(sequence);
        }
        return state.get() < PipelineState.CLOSING;
    }

    /**
     * Counts a dropped event. Once stop() has begun, the periodic summary is gone (or about to be), so a drop
     * made then (a caller released from its wait, or one that raced the stop) schedules one late summary: no
     * drop goes unreported, and at most one summary is pending at a time.
     */
    private void drop(EventLevel level, DropReason reason) {
        drops.record(level, reason);
        scheduleLateReport();
    }

    /** Counts an event refused because the pipeline no longer runs; reported as such, not as a policy drop. */
    private void dropAfterStop(EventLevel level) {
        drops.record(level, DropReason.AFTER_STOP);
        scheduleLateReport();
    }

    private void scheduleLateReport() {
        if (state.get() >= PipelineState.DRAINING && lateReportPending.compareAndSet(false, true)) {
            try {
                ReportScheduler.once(LATE_REPORT_DELAY_MILLIS, () -> {
                    lateReportPending.set(false);
                    reporter.report(System.nanoTime());
                });
            } catch (RuntimeException | Error noReporter) {
                lateReportPending.set(false); // the drop is counted; a failure to summarise it must not reach the caller
            }
        }
    }

    /**
     * True if waiting for room can end for this caller: it is no downstream appender logging on the consumer thread,
     * and its log call is not nested in the copy of its own earlier event (a parameter's {@code toString()}, an
     * encoder's converter) into a slot, for the consumer waits for that very thread (to return, or to publish the slot
     * it holds) and no slot would be freed: such a call is dropped at once and counted, instead of a deadlock. Asked
     * only of a caller whose policy would have it wait ({@link #policyWaits}).
     */
    private boolean mayWait() {
        return !isDeliveringThread() && !(maybeNested.getAsBoolean() && isWritingASlot());
    }

    /**
     * Whether a caller of {@code level} gives way to the callers waiting in the gate: an event below WARN under
     * DROP_BELOW_WARN is dropped rather than take a slot while a WARN or ERROR waits for one, however many slots the
     * consumer has just released (an INFO flood would otherwise take them before the gate's pass promises them, and
     * WARNs would wait for as long as the flood lasts, and be dropped at the block bound, while INFO got through).
     */
    private boolean yieldsToWaiters(EventLevel level) {
        return policy == FullQueuePolicy.DROP_BELOW_WARN && level.isBelowWarn();
    }

    /** Whether the policy and block bound have a caller of {@code level} wait for room in a full ring. */
    private boolean policyWaits(EventLevel level) {
        return policy != FullQueuePolicy.DROP_ALL && !(policy == FullQueuePolicy.DROP_BELOW_WARN && level.isBelowWarn())
                && maxBlockTimeNanos != 0;
    }

    private long claimIfFree() {
        try {
            return ring.tryNext();
        } catch (InsufficientCapacityException full) {
            return CapacityGate.NO_SLOT;
        }
    }

    private long claimWhenFull(boolean waits, long waitBegun) {
        if (isDeliveringThread()) {
            return CapacityGate.NO_SLOT; // a downstream appender logging: nobody else would free a slot for it
        }
        if (!waits) {
            // The consumer may be napping (see ConsumerParking): have it make room now, not at the nap's end.
            parking.wakeIfIdle(consumerThread);
            return CapacityGate.NO_SLOT;
        }
        long begun = waitBegun != 0 ? waitBegun : System.nanoTime();
        try {
            parking.wakeIfIdle(consumerThread);
            long deadline = maxBlockTimeNanos < 0 ? CapacityGate.NO_DEADLINE : begun + maxBlockTimeNanos;
            return gate.claim(deadline, state);
        } finally {
            countWait(begun);
        }
    }

    /**
     * While draining, two kinds of callers still queue: the consumer itself (a downstream appender that logs), and a
     * caller whose log call is nested in the writing of its own earlier event (a parameter's {@code toString()} or an
     * encoder that logs). The drain waits for both (it delivers every claim made before it closes, and cannot close
     * while a claimed slot is unpublished), so refusing them would send them to wait for the drain that waits for them.
     * Slow path: reached only once a stop has begun.
     */
    private boolean mayQueueWhileDraining() {
        return isDeliveringThread() || maybeNested.getAsBoolean() && isWritingASlot();
    }

    /**
     * Whether the current thread is inside the adapter's slot writer for a slot of this ring that it claimed: its
     * log call is nested in the writing of its own earlier event. On slow paths only: a look at the claimed, unreleased
     * slots that are not yet published (the thread's own slot is among them, since the consumer never releases past an
     * unpublished slot), each checked for the thread's id ({@link Entry#writer}). The availability flags are one array
     * of ints, read in order, and on a full ring nearly every slot is published: a few microseconds for the default
     * ring, not a read of every slot's entry (which cost a cache miss per slot, on every waiting caller, when the
     * consumer needs the CPU most).
     */
    private boolean isWritingASlot() {
        int self = (int) Thread.currentThread().getId();
        long cursor = ring.getCursor();
        for (long sequence = Math.max(consumed.get() + 1, cursor - ring.getBufferSize() + 1); sequence <= cursor; sequence++) {
            if (!ring.isAvailable(sequence) && ring.get(sequence).writer == self) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean isDeliveringThread() {
        return Thread.currentThread() == consumerThread;
    }

    /**
     * The slow path of a caller that published after closing began (CLOSING, or a drain that gave up, or a failed
     * consumer): its slot counts as accepted if it is at or below the last accepted sequence (true): delivered by a
     * close, or counted among the undelivered by the stop that gave up. Above it nobody will read the slot: it is
     * stranded and the caller accounts for the event (false). Whoever moved the state past DRAINING fixes that
     * sequence right after the move ({@link ConsumerLoop#fixLastAccepted()}), so the wait is a few instructions long.
     */
    private boolean settleAfterClose(long sequence) {
        long closedAt;
        while ((closedAt = consumer.closedAt()) == ConsumerLoop.OPEN) {
            Thread.yield();
        }
        if (sequence > closedAt) {
            stranded.incrementAndGet();
            // The consumer never reads past closedAt: clear the slot here, so the stopped pipeline keeps nothing.
            consumer.forget(ring.get(sequence));
            return false;
        }
        return true;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Implementation notes: the decision to stop is taken under {@code lifecycle}, which nothing holds while it
     * waits, so no virtual thread pins its carrier here. The first caller other than the consumer claims the stop's
     * completion ({@code boundedWaitClaimed}) before the drain begins, waits for the drain within the bound and completes
     * the stop; later callers wait on {@code stopCompleted} for its report. The consumer itself never waits for its own
     * drain: called there, stop() returns at once and the drain proceeds once the current delivery returns; the consumer
     * then completes the stop itself when it ends, unless another caller claimed it ({@code boundedWaitClaimed}
     * decides, once, who completes the stop).
     * {@code stopReport} is volatile and written before {@code stopCompleted} counts down.
     */
    @Override
    public StopReport stop() {
        StopReport done = stopReport;
        if (done != null) {
            return done;
        }
        // Claimed before the drain begins, so that the consumer, ending once it has drained, never completes a stop that
        // a caller waits for: that caller then returns only after the loss and the last summary are written (at the
        // JVM's exit, a summary written on the consumer after the hook returned could be cut off by the halt).
        boolean completesTheStop = !isDeliveringThread() && boundedWaitClaimed.compareAndSet(false, true);
        synchronized (lifecycle) {
            if (stopReport != null) {
                return stopReport;
            }
            if (state.get() == PipelineState.NEW) {
                state.terminate(PipelineState.STOPPED);
                complete(new StopReport(true, 0, false, 0));
                return stopReport;
            }
            if (stopBegunAt == 0) {
                stopBegunAt = System.nanoTime();
                state.advance(PipelineState.RUNNING, PipelineState.DRAINING);
                parking.wake(consumerThread);
            }
        }
        if (isDeliveringThread()) {
            if (deferredStopReported.compareAndSet(false, true)) {
                status.warn("Ringlog appender '" + settings.name() + "' was stopped from a thread that delivers its events; "
                        + "it drains once the current delivery returns");
            }
            return StopReport.deferred(stats().queueSize());
        }
        if (!completesTheStop) {
            return awaitStopReport();
        }
        boolean finished = consumer.awaitFinish(settings.drainTimeoutMillis());
        if (!finished && state.terminate(PipelineState.ABANDONED)) {
            long last = consumer.fixLastAccepted();
            parking.wake(consumerThread); // a consumer napping while it waited for a slot to be published sees ABANDONED now
            ConsumerLoop.Position position = consumer.positionOnceAbandoned(last, ABANDON_SETTLE_NANOS);
            long undelivered = last + 1 - position.handedOn - (position.inFlight ? 1 : 0);
            consumer.forgetUndelivered(position, last);
            completeStop(false, undelivered, position.inFlight);
        } else {
            completeStop(true, 0, false);
        }
        return awaitStopReport();
    }

    private void reportAbandonedDrain(long undelivered, boolean inFlight) {
        status.error("Ringlog appender '" + settings.name() + "' could not deliver " + undelivered
                + (undelivered == 1 ? " event" : " events") + " within its drain timeout of "
                + settings.drainTimeoutMillis() + " ms; they are lost"
                + (inFlight ? ", and one more is still inside a downstream appender that has not returned" : "")
                + " (a downstream appender is blocked or too slow)", null);
    }

    /**
     * Called by the consumer thread when it ends. If a stop has begun (for example one called on the consumer thread
     * itself, which does not wait) and no other caller is waiting for it, the consumer completes it: nothing else may
     * ever call stop() again, and the exit hook and the periodic summary must not outlive the pipeline.
     */
    private void consumerEnded() {
        boolean stopping;
        synchronized (lifecycle) {
            stopping = stopBegunAt != 0;
        }
        if (stopping && boundedWaitClaimed.compareAndSet(false, true)) {
            try {
                completeStop(true, 0, false);
            } catch (Throwable completionFailed) {
                // Nothing may escape the consumer's last step; a later stop() waits for the report as usual.
            }
        }
    }

    /**
     * The tail of every stop, run once, by whoever claimed the bounded wait: releases waiting callers, removes the exit
     * hook, ends the periodic summary, publishes the report, and only then writes the status messages (the loss, if
     * any, and a last summary). {@code ended}: the consumer ended on its own (the drain completed, or the consumer
     * failed); otherwise the drain gave up with {@code undelivered} events left. The report goes out before anything is
     * written to the status channel, so that every other stopper, which waits for it without a bound of its own, returns
     * even if that channel stalls (a console on a pipe nobody reads). The messages are written by the reporter thread,
     * which this stopper waits for at most {@value #STATUS_WAIT_MILLIS} ms: long enough for a console that takes them (at
     * the JVM's exit they must be out before the halt), bounded for one that stalls, so that the framework's own stop,
     * which waits for this one, returns.
     */
    private void completeStop(boolean ended, long undelivered, boolean inFlight) {
        long lost = undelivered;
        boolean consumerFailed = false;
        try {
            gate.signalAll();
            synchronized (lifecycle) {
                removeExitHook();
            }
            Future<?> periodic = reports;
            if (periodic != null) {
                periodic.cancel(false);
            }
            if (ended) {
                // STOPPED: the close delivered every sequence up to its last one, so nothing was left behind (the
                // queue size may still count, for a moment, a claim past the close that its caller is about to settle).
                lost = state.get() == PipelineState.STOPPED ? 0 : stats().queueSize();
                consumerFailed = state.get() == PipelineState.FAILED;
            }
        } finally {
            long begun;
            synchronized (lifecycle) {
                begun = stopBegunAt;
            }
            complete(new StopReport(state.get() == PipelineState.STOPPED, lost, inFlight,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun)));
        }
        long finalLost = lost;
        boolean failedWithLoss = consumerFailed && lost > 0;
        writeStatusOffThisThread(() -> {
            if (!ended) {
                reportAbandonedDrain(finalLost, inFlight);
            }
            reporter.report(System.nanoTime());
            if (failedWithLoss) {
                status.error("Ringlog appender '" + settings.name() + "' lost " + finalLost
                        + " queued events because its consumer thread had failed", null);
            }
        });
    }

    /**
     * Writes a stop's status messages on the reporter thread and waits for them at most {@value #STATUS_WAIT_MILLIS} ms
     * (see {@link #completeStop}); on this thread if no reporter thread can be had.
     */
    private void writeStatusOffThisThread(Runnable messages) {
        CountDownLatch written = new CountDownLatch(1);
        try {
            ReportScheduler.once(0, () -> {
                try {
                    messages.run();
                } finally {
                    written.countDown();
                }
            });
        } catch (RuntimeException | Error noReporter) {
            messages.run();
            return;
        }
        awaitUninterruptibly(written, TimeUnit.MILLISECONDS.toNanos(STATUS_WAIT_MILLIS));
    }

    private void complete(StopReport report) {
        stopReport = report;
        stopCompleted.countDown();
    }

    /** Waits, without a bound of its own, for the stop another thread is completing (that one is bounded). */
    private StopReport awaitStopReport() {
        awaitUninterruptibly(stopCompleted, Long.MAX_VALUE);
        return stopReport;
    }

    /**
     * Waits for {@code latch}, at most {@code timeoutNanos} ({@link Long#MAX_VALUE}: no bound); an interrupt does not end
     * the wait and is restored after it.
     */
    private static void awaitUninterruptibly(CountDownLatch latch, long timeoutNanos) {
        boolean interrupted = false;
        long deadline = timeoutNanos == Long.MAX_VALUE ? 0 : System.nanoTime() + timeoutNanos;
        try {
            for (;;) {
                try {
                    if (timeoutNanos == Long.MAX_VALUE) {
                        latch.await();
                    } else {
                        latch.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                    }
                    return;
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

    @Override
    public void recordDirectDelivery() {
        deliveredDirectly.increment();
    }

    @Override
    public <E> boolean deliverOnCallerThread(EventLevel level, E event, Consumer<? super E> delivery) {
        if (!callerThreadDeliveries.enter()) {
            dropAfterStop(level);
            return false;
        }
        try {
            delivery.accept(event);
        } finally {
            deliveredDirectly.increment();
            callerThreadDeliveries.exit();
        }
        return true;
    }

    @Override
    public void endCallerThreadDeliveries() {
        long stuck = callerThreadDeliveries.close(settings.drainTimeoutMillis());
        if (stuck > 0) {
            status.warn("Ringlog appender '" + settings.name() + "': " + stuck + " deliveries on callers' threads had not returned within "
                    + settings.drainTimeoutMillis() + " ms; the downstream appenders are stopped anyway");
        }
    }

    @Override
    public boolean isRunning() {
        return state.get() == PipelineState.RUNNING;
    }

    @Override
    public boolean hasFailed() {
        return state.get() == PipelineState.FAILED;
    }

    @Override
    public PipelineStats stats() {
        // Each read on its own: delivered and failed only grow (see ConsumerLoop), and are read before the cursor.
        long delivered = consumer.delivered();
        long failed = consumer.failed();
        long enqueued = ring.getCursor() + 1 - stranded.get();
        return new PipelineStats(settings.capacity(), Math.max(enqueued, delivered + failed), delivered, failed,
                deliveredDirectly.sum(), drops.snapshot(), callersBlocked.sum(), callersBlockedNanos.sum());
    }

    private void registerExitHook() {
        Thread hook = new Thread(this::stopAtJvmExit, "ringlog-exit-" + settings.name());
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            exitHook = hook;
        } catch (IllegalStateException shuttingDown) {
            status.warn("Ringlog appender '" + settings.name() + "' started while the JVM is shutting down; no exit drain");
        }
    }

    /**
     * The exit drain. After a drain that gave up, the callers it released drop their events a moment later, and the
     * late summary that reports them (see {@link #drop}) would run after the JVM halted: so the hook waits until every
     * caller on the slow path has accounted for its event (a few milliseconds; at most {@value #EXIT_SETTLE_MILLIS}
     * ms) and reports what is left itself.
     */
    private void stopAtJvmExit() {
        StopReport report = stop();
        if (report.drained()) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(EXIT_SETTLE_MILLIS);
        while (callersWaiting.get() > 0 && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        reporter.report(System.nanoTime());
    }

    private void removeExitHook() {
        Thread hook = exitHook;
        exitHook = null;
        if (hook == null || Thread.currentThread() == hook) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is exiting and its hooks already run; ours will find the pipeline stopped.
        }
    }

    @Override
    public String toString() {
        return "RingPipeline[" + settings.name() + ", " + PipelineState.name(state.get()) + ", " + stats() + "]";
    }
}
