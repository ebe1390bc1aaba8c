package io.ringlog.core;

/**
 * Copies an event, and what its caller prepared for it before claiming a slot (the bytes it encoded, say), into a
 * pre-allocated slot on the caller's thread. The preparation travels as an argument rather than through a
 * thread-local: no map lookup on the caller's path. Implementations should allocate nothing: a constant, or one
 * instance made when the appender starts.
 *
 * @param <S> the slot type
 * @param <E> the event type the caller offers
 * @param <P> the type of what the caller prepared for the event
 */
@FunctionalInterface
public interface BiSlotWriter<S, E, P> {

    /**
     * Writes {@code event} and {@code prepared} into {@code slot}; runs on the caller's thread, which owns the slot until
     * it returns.
     */
    void write(S slot, E event, P prepared);
}
