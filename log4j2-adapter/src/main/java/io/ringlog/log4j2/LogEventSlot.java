package io.ringlog.log4j2;

import io.ringlog.core.SlotWriter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;

/**
 * One pre-allocated ring slot: a reference to an immutable copy of the caller's event.
 *
 * <p>The copy is Log4j2's own {@link Log4jLogEvent#createMemento(LogEvent, boolean)}, made on the caller's thread
 * while it owns the slot: a reusable message is frozen through {@code ReusableMessage.memento()} (its parameters
 * are copied, never taken from the caller as {@code MutableLogEvent.initFrom} would), other messages are
 * formatted now, the context data is copied, and the thread name and (if asked for) the location are read on the
 * caller's thread. This allocates one event per log call; a garbage-free copy into a pre-allocated event is left
 * for the benchmark work (see the module notes).
 *
 * <p>Thread-safety: {@link #event} is written by the caller that claimed the slot and read by the consumer; the
 * ring's publication orders the two. The consumer clears it after delivery.
 */
final class LogEventSlot {

    /** Copies without the caller's location. */
    static final SlotWriter<LogEventSlot, LogEvent> COPY = (slot, event) -> slot.event = copy(event, false);
    /** Copies with the caller's location, computed on the caller's thread if it was not yet. */
    static final SlotWriter<LogEventSlot, LogEvent> COPY_WITH_LOCATION = (slot, event) -> slot.event = copy(event, true);

    LogEvent event;

    static SlotWriter<LogEventSlot, LogEvent> writer(boolean includeLocation) {
        return includeLocation ? COPY_WITH_LOCATION : COPY;
    }

    static LogEvent copy(LogEvent event, boolean includeLocation) {
        return Log4jLogEvent.createMemento(event, includeLocation);
    }
}
