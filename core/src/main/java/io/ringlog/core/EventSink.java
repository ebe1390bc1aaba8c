package io.ringlog.core;

/**
 * The downstream end of a pipeline: receives every accepted event, in order, on one thread, the pipeline's consumer
 * thread {@code ringlog-<name>} (see {@link AsyncPipeline}); no caller's thread ever runs it with queued events. State
 * the sink keeps between events (a flag, a buffer) needs no lock of its own.
 *
 * @param <S> the type of the pre-allocated slot the events are carried in
 */
public interface EventSink<S> {

    /**
     * Hands one event on to the downstream appenders.
     *
     * <p>{@code endOfBatch} is true for the last event of a batch (the last one the consumer found), and for every ERROR
     * event: the moment to flush buffered output once rather than after every event. An exception or
     * {@link Error} thrown here is counted as a failed delivery and reported; it never stops the consumer.
     *
     * @param slot       the slot holding the event, as a {@link SlotWriter} filled it
     * @param endOfBatch whether downstream output should be flushed after this event
     */
    void deliver(S slot, boolean endOfBatch) throws Exception;

    /**
     * Releases what the slot references once its event has been delivered (or failed), so that the ring
     * retains no event beyond its delivery. Must not throw.
     */
    void clear(S slot);

    /**
     * Called once on the consumer thread after the last delivery of a drain that completed, before the
     * consumer ends (not after a drain that hit its bound, whose consumer may still be stuck downstream).
     * The place for final flushing that must happen on the consumer thread. Must not throw.
     */
    default void afterLastDelivery() {
    }
}
