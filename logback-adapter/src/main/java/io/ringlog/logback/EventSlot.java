package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.ringlog.core.SlotWriter;

/**
 * One pre-allocated ring slot: a reference to the prepared event. The caller writes it, the consumer
 * reads and clears it; the ring's publish/consume sequences order those accesses.
 */
final class EventSlot {

    /** Stores the event in the slot; a constant, so that offering allocates nothing. */
    static final SlotWriter<EventSlot, ILoggingEvent> WRITER = (slot, event) -> slot.event = event;

    private ILoggingEvent event;

    /** The event written by the caller; read by the delivering thread. */
    ILoggingEvent event() {
        return event;
    }

    /** Drops the reference once the event was delivered, so the ring retains nothing. */
    void clear() {
        event = null;
    }
}
