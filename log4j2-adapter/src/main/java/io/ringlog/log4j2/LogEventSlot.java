package io.ringlog.log4j2;

import io.ringlog.core.SlotWriter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.core.impl.MutableLogEvent;
import org.apache.logging.log4j.core.time.Instant;
import org.apache.logging.log4j.core.time.MutableInstant;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ReusableMessage;
import org.apache.logging.log4j.util.ReadOnlyStringMap;
import org.apache.logging.log4j.util.SortedArrayStringMap;
import org.apache.logging.log4j.util.StringMap;

/**
 * One pre-allocated ring slot: a {@link MutableLogEvent} that the caller fills with a copy of its event, without
 * allocating in the steady state, as Log4j2's Async Loggers fill theirs.
 *
 * <p>The copy is made on the caller's thread while it owns the slot, because Log4j2 recycles the caller's event
 * and message as soon as {@code append} returns. A reusable message (Log4j2's default for parameterised
 * messages) is formatted into the slot's own text buffer and its parameters are copied into the slot's own array
 * by {@link ParameterCopy}: unlike {@code MutableLogEvent.initFrom}, which takes the parameters away from the
 * caller's message, this leaves the caller's event intact for the appenders that see it after RingAsync. Other
 * messages are kept by reference after being frozen ({@code getFormattedMessage()}, as Async Loggers do). The
 * context data is copied into the slot's own map; the thread's name, id and priority, and the location if asked
 * for, are read on the caller's thread.
 *
 * <p>Thread-safety: {@link #event} is written by the caller that claimed the slot and read by the consumer; the
 * ring's publication orders the two. The consumer clears it after delivery ({@link MutableLogEvent#clear()}:
 * every reference is dropped, the text buffer is trimmed), so a delivered event is not retained.
 */
final class LogEventSlot {

    /** Copies without the caller's location. */
    static final SlotWriter<LogEventSlot, LogEvent> COPY = (slot, event) -> slot.copyFrom(event, false);
    /** Copies with the caller's location, computed on the caller's thread if it was not yet. */
    static final SlotWriter<LogEventSlot, LogEvent> COPY_WITH_LOCATION = (slot, event) -> slot.copyFrom(event, true);

    /** The copy the consumer delivers. */
    final MutableLogEvent event = new MutableLogEvent();
    private final ParameterCopy message = new ParameterCopy();

    static SlotWriter<LogEventSlot, LogEvent> writer(boolean includeLocation) {
        return includeLocation ? COPY_WITH_LOCATION : COPY;
    }

    /**
     * An immutable copy that the caller owns, for the rare deliveries on the caller's thread (allocates; the ring
     * path uses {@link #copyFrom} instead).
     */
    static LogEvent copy(LogEvent event, boolean includeLocation) {
        return Log4jLogEvent.createMemento(event, includeLocation);
    }

    void copyFrom(LogEvent source, boolean includeLocation) {
        MutableLogEvent copy = event;
        copy.setLoggerFqcn(source.getLoggerFqcn());
        copy.setLoggerName(source.getLoggerName());
        copy.setLevel(source.getLevel());
        copy.setMarker(source.getMarker());
        copy.setThrown(source.getThrown());
        copyInstant(source, copy);
        copy.setNanoTime(source.getNanoTime());
        copyContextData(source.getContextData(), copy);
        copy.setContextStack(source.getContextStack());
        copy.setThreadName(source.getThreadName());
        copy.setThreadId(source.getThreadId());
        copy.setThreadPriority(source.getThreadPriority());
        copy.setIncludeLocation(includeLocation);
        copy.setSource(includeLocation ? source.getSource() : null);
        copy.setEndOfBatch(false);
        Message original = source.getMessage();
        if (original instanceof ReusableMessage) {
            message.source = (ReusableMessage) original;
            try {
                copy.setMessage(message); // formats into the slot's text and asks ParameterCopy for the parameters
            } finally {
                message.source = null;
            }
        } else {
            copy.setMessage(original);
        }
    }

    private static void copyInstant(LogEvent source, MutableLogEvent copy) {
        Instant instant = copy.getInstant();
        if (instant instanceof MutableInstant) { // MutableLogEvent's own, in every supported version
            ((MutableInstant) instant).initFrom(source.getInstant());
        } else {
            copy.setTimeMillis(source.getTimeMillis());
        }
    }

    private static void copyContextData(ReadOnlyStringMap data, MutableLogEvent copy) {
        ReadOnlyStringMap own = copy.getContextData();
        if (own instanceof StringMap && !((StringMap) own).isFrozen()) {
            ((StringMap) own).putAll(data); // the slot's map, cleared after each delivery
        } else {
            copy.setContextData(new SortedArrayStringMap(data)); // not reached with Log4j2's own MutableLogEvent
        }
    }
}
