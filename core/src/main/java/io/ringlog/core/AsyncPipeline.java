package io.ringlog.core;

import io.ringlog.core.internal.RingPipeline;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A bounded, pre-allocated hand-off from many caller threads to one consumer thread that delivers to an
 * {@link EventSink}. Started once and stopped once: an appender that restarts creates a new pipeline.
 *
 * <p>Only the consumer thread hands queued events to the sink: a caller that finds the ring full waits for room (or
 * drops, as the policy says) and never runs the sink with other threads' events, so no caller's thread state (its
 * interrupt, its context class loader, its stack) reaches another thread's event, and a sink that sticks holds up the
 * consumer alone, which {@link #stop()} bounds. Adapters keep the consumer's share small by preparing (encoding) each
 * event on its caller where the downstream allows it.
 *
 * <p>Callers ({@link #offer}) may be any thread. The full-queue policy, the discarding threshold and the
 * block bound of {@link PipelineSettings} decide whether a caller waits or its event is dropped; every
 * event offered is counted exactly once as delivered, failed, dropped or still queued ({@link #stats()}).
 *
 * @param <S> the type of the pre-allocated slot events are carried in
 */
public interface AsyncPipeline<S> {

    /**
     * Creates a pipeline and pre-allocates its ring; nothing runs until {@link #start()}. The ring's slots are created
     * as the ring first fills, each once: an idle pipeline holds its ring of references but no slots.
     *
     * @param settings    the validated settings
     * @param slotFactory creates a slot of the ring, on the caller's thread that first claims that slot (once per
     *                    slot, then reused for good); must be thread-safe: callers claiming distinct slots call it
     *                    concurrently
     * @param sink        receives the events, one thread at a time (see {@link EventSink})
     * @param status      the framework's status channel for drops, failures and shutdown losses
     */
    static <S> AsyncPipeline<S> create(PipelineSettings settings, Supplier<S> slotFactory, EventSink<S> sink, StatusReporter status) {
        return new RingPipeline<>(settings, slotFactory, sink, status);
    }

    /**
     * Starts the consumer thread {@code ringlog-<name>} (a daemon) and, if configured, the JVM-exit drain.
     *
     * @throws IllegalStateException if the pipeline was started before
     */
    void start();

    /**
     * Offers an event; any thread. Lock-free and allocation-free while the ring has room: the caller claims
     * a slot, {@code writer} copies the event into it, and the slot is published. When the ring is full the
     * policy decides: wait (parked, not spinning) or drop and count. A caller never waits on its own
     * consumer thread (a downstream appender that logs): there the event is enqueued if there is room and
     * dropped and counted if not. An interrupt does not end a wait; it is kept for the caller.
     *
     * @return true if the event was accepted for delivery, false if it was dropped (and counted)
     */
    <E> boolean offer(EventLevel level, E event, SlotWriter<S, E> writer);

    /**
     * Offers an event as {@link #offer} does (waiting per policy when the ring is full), except that an event
     * refused because the pipeline is not running (not started, stopping, or stopped after a drain that completed)
     * is not counted: {@link OfferOutcome#CLOSED} tells the caller to deliver it another way and count it with
     * {@link #recordDirectDelivery()}; to keep the caller's order, wait for the drain first ({@link #stop()}), then
     * offer again. After a drain that gave up (its downstream is blocked or too slow), every offer drops and counts
     * its event, so that no caller is sent into that downstream. Any thread.
     *
     * @return {@link OfferOutcome#ACCEPTED}, {@link OfferOutcome#DROPPED} (by the policy, counted) or {@link OfferOutcome#CLOSED}
     */
    <E> OfferOutcome offerWhileRunning(EventLevel level, E event, SlotWriter<S, E> writer);

    /**
     * As {@link #offerWhileRunning(EventLevel, Object, SlotWriter)}, for an event that the caller estimates holds
     * {@code estimatedBytes} of heap while queued (its stack trace, its encoded bytes, a long message): an event of
     * at least {@value PipelineSettings#COUNTED_FROM_BYTES} bytes counts against the byte bound
     * ({@link PipelineSettings#maxQueueBytes()}), and one that would pass it is handled as one that finds the ring full.
     * Any thread.
     *
     * @return {@link OfferOutcome#ACCEPTED}, {@link OfferOutcome#DROPPED} (by the policy, counted) or {@link OfferOutcome#CLOSED}
     */
    <E> OfferOutcome offerWhileRunning(EventLevel level, E event, SlotWriter<S, E> writer, long estimatedBytes);

    /**
     * Offers an event as {@link #offerWhileRunning(EventLevel, Object, SlotWriter)} does, with what the caller prepared
     * for it before claiming a slot ({@code prepared}: the bytes it encoded, say), which {@code writer} stores in the
     * slot beside the event. Any thread.
     *
     * @return {@link OfferOutcome#ACCEPTED}, {@link OfferOutcome#DROPPED} (by the policy, counted) or {@link OfferOutcome#CLOSED}
     */
    <E, P> OfferOutcome offerWhileRunning(EventLevel level, E event, P prepared, BiSlotWriter<S, E, P> writer);

    /**
     * As {@link #offerWhileRunning(EventLevel, Object, Object, BiSlotWriter)}, for an event estimated at
     * {@code estimatedBytes} (see {@link #offerWhileRunning(EventLevel, Object, SlotWriter, long)}). Any thread.
     *
     * @return {@link OfferOutcome#ACCEPTED}, {@link OfferOutcome#DROPPED} (by the policy, counted) or {@link OfferOutcome#CLOSED}
     */
    <E, P> OfferOutcome offerWhileRunning(EventLevel level, E event, P prepared, BiSlotWriter<S, E, P> writer, long estimatedBytes);

    /**
     * Offers an event without ever waiting; any thread. For callers that must not wait, such as a logging
     * framework's own background threads, and that deliver a refused event some other way (for example on
     * their own thread) instead of dropping it. A full ring or a pipeline that is not running refuses without
     * counting anything; the discarding threshold still drops (and counts), as it is a policy, not a lack of room.
     * Slots freed for callers that wait for room count as full here: a caller that tries first and then waits
     * ({@link #offerWhileRunning}) queues behind them instead of overtaking them.
     *
     * @return {@link OfferOutcome#ACCEPTED}, {@link OfferOutcome#DROPPED} (counted), or why it was refused
     */
    <E> OfferOutcome tryOffer(EventLevel level, E event, SlotWriter<S, E> writer);

    /**
     * As {@link #tryOffer(EventLevel, Object, SlotWriter)}, for an event estimated at {@code estimatedBytes} (see
     * {@link #offerWhileRunning(EventLevel, Object, SlotWriter, long)}): an event that would pass the byte bound is
     * refused as {@link OfferOutcome#FULL}. Any thread.
     *
     * @return {@link OfferOutcome#ACCEPTED}, {@link OfferOutcome#DROPPED} (counted), or why it was refused
     */
    <E> OfferOutcome tryOffer(EventLevel level, E event, SlotWriter<S, E> writer, long estimatedBytes);

    /**
     * As {@link #tryOffer(EventLevel, Object, SlotWriter, long)}, for a caller that must not wait for room and writes a
     * refused event itself (on its own thread) into the same downstream that the consumer delivers to. When the ring is
     * full while the consumer is inside a downstream appender, writing into that appender could leave the caller stuck
     * in it for as long as the consumer is (a blocked socket, a full disk), and a logging framework's stop waits for
     * every logging call in flight. So the caller watches instead, parked in short steps, for at most
     * {@value #STUCK_DELIVERY_MILLIS} ms: a slot that frees is taken ({@link OfferOutcome#ACCEPTED}); a consumer that
     * moves on to another event, or is not inside a downstream appender at all, leaves the event to the caller
     * ({@link OfferOutcome#FULL}); a consumer still inside the same event after the watch, or a drain that gives up
     * meanwhile, drops the event and counts it ({@link OfferOutcome#DROPPED}, as {@code queue_full} or
     * {@code already_shutdown}). An interrupt does not end the watch; it is kept for the caller. Any thread.
     *
     * @return {@link OfferOutcome#ACCEPTED}, {@link OfferOutcome#DROPPED} (counted), or why it was refused
     */
    <E> OfferOutcome tryOfferUnlessStuck(EventLevel level, E event, SlotWriter<S, E> writer, long estimatedBytes);

    /**
     * As {@link #tryOffer(EventLevel, Object, SlotWriter, long)}, with what the caller prepared for the event before it
     * claimed a slot (see {@link #offerWhileRunning(EventLevel, Object, Object, BiSlotWriter, long)}). Any thread.
     *
     * @return {@link OfferOutcome#ACCEPTED}, {@link OfferOutcome#DROPPED} (counted), or why it was refused
     */
    <E, P> OfferOutcome tryOffer(EventLevel level, E event, P prepared, BiSlotWriter<S, E, P> writer, long estimatedBytes);

    /**
     * As {@link #tryOfferUnlessStuck(EventLevel, Object, SlotWriter, long)}, with what the caller prepared for the event
     * before it claimed a slot. Any thread.
     *
     * @return {@link OfferOutcome#ACCEPTED}, {@link OfferOutcome#DROPPED} (counted), or why it was refused
     */
    <E, P> OfferOutcome tryOfferUnlessStuck(EventLevel level, E event, P prepared, BiSlotWriter<S, E, P> writer, long estimatedBytes);

    /** How long {@link #tryOfferUnlessStuck} watches a consumer inside one event before it drops the caller's event. */
    long STUCK_DELIVERY_MILLIS = 1_000;

    /**
     * Whether an event of {@code level} offered now would be dropped by the policy at once: the discarding threshold is
     * reached, or the ring (or the byte bound's room for a large event, which this does not know of) is full under a
     * policy that does not have such a caller wait. Advisory and racy: the answer may be stale by the time the event is
     * offered, either way. For an adapter that would otherwise do costly work for an event that is then dropped
     * (encoding it, say); it must still offer the event, which the policy then decides. Lock-free and
     * allocation-free; any thread.
     */
    boolean wouldDrop(EventLevel level);

    /**
     * Stops accepting new callers, delivers everything accepted (including events of callers that were
     * already waiting for a slot), then ends the consumer, within the drain timeout. Never interrupts the
     * consumer. Idempotent and safe to call concurrently: later callers wait for the first call's report. If the
     * drain gives up, no offer made after that is accepted: each is dropped and counted, and the report's
     * {@link StopReport#undelivered()} equals the queue size left behind (plus the event in flight, if any).
     *
     * <p>Called on a delivering thread ({@link #isDeliveringThread()}: a downstream appender that stops its framework), it does not wait for the
     * drain it is part of: it returns a {@link StopReport#deferred() deferred} report at once, the consumer drains
     * when the current delivery returns and then completes the stop itself. A waiting caller does not pin a virtual
     * thread's carrier.
     *
     * @return what the drain achieved; {@link StopReport#undelivered()} counts the events lost to the bound
     */
    StopReport stop();

    /**
     * Counts an event that the adapter delivered itself on the caller's thread instead of offering it (see
     * {@link PipelineStats#deliveredDirectly()}), so that every event stays accounted for; any thread, any time.
     */
    void recordDirectDelivery();

    /**
     * Delivers an event on the caller's thread, after {@link #offerWhileRunning} refused it as
     * {@link OfferOutcome#CLOSED} and the drain ended, unless the adapter has already called
     * {@link #endCallerThreadDeliveries()} (it is about to stop, or has stopped, its downstream appenders): then the
     * event is dropped and counted. Counts a delivery as {@link #recordDirectDelivery()} does. Any thread.
     *
     * @param delivery writes the event to the downstream appenders; should not throw
     * @return true if {@code delivery} ran, false if the event was dropped
     */
    <E> boolean deliverOnCallerThread(EventLevel level, E event, Consumer<? super E> delivery);

    /**
     * Refuses every later {@link #deliverOnCallerThread} (its event is dropped and counted) and waits, within the drain
     * timeout, for those in progress; call it before stopping the downstream appenders. Idempotent; any thread.
     */
    void endCallerThreadDeliveries();

    /**
     * True on the thread that hands this pipeline's events to its sink: the consumer thread (no caller ever does). A
     * downstream appender that logs back through the same appender runs on it: it is never made to wait for room (only it could make room),
     * and {@link #stop()} called there does not wait for the drain it is part of.
     */
    boolean isDeliveringThread();

    /** True between {@link #start()} and the beginning of {@link #stop()}, while the consumer is alive. */
    boolean isRunning();

    /**
     * True once the consumer thread has ended on an unexpected throwable (not a downstream appender's, which is counted
     * as failed): from then on the pipeline queues nothing and the adapter writes events on the callers' threads, until
     * it is restarted. Any thread; a volatile read.
     */
    boolean hasFailed();

    /** A snapshot of the counters; any thread. */
    PipelineStats stats();
}
