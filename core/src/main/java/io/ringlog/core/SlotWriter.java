package io.ringlog.core;

/**
 * Copies an event into a pre-allocated slot on the caller's thread. Implementations should be stateless
 * constants (a non-capturing lambda) so that the producer path allocates nothing. A writer that also takes what the
 * caller prepared for the event is a {@link BiSlotWriter}.
 *
 * @param <S> the slot type
 * @param <E> the event type the caller offers
 */
@FunctionalInterface
public interface SlotWriter<S, E> extends BiSlotWriter<S, E, Object> {

    /** Writes {@code event} into {@code slot}; runs on the caller's thread, which owns the slot until it returns. */
    void write(S slot, E event);

    /** Ignores {@code prepared}: a writer of the event alone. */
    @Override
    default void write(S slot, E event, Object prepared) {
        write(slot, event);
    }
}
