package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import io.ringlog.core.CallerContext;
import java.util.Arrays;

/**
 * One pre-allocated ring slot: a reference to the prepared event, the caller's OpenTelemetry context if there is one
 * ({@link CallerContext}) and, for each child encoded on the caller's thread ({@link CallerEncoding}), the bytes its
 * encoder made. The caller writes it, the consumer reads and clears it; the ring's publish/consume sequences order
 * those accesses.
 */
final class EventSlot {

    private static final byte[][] NOTHING_ENCODED = new byte[0][];

    private final CallerEncoding encoding;
    private final byte[][] encoded;
    private ILoggingEvent event;
    /** The caller's context from {@link CallerContext#capture()}: null without OpenTelemetry or outside any span. */
    private Object callerContext;

    /** A slot of a pipeline whose events are encoded on the caller for the children of {@code encoding}. */
    EventSlot(CallerEncoding encoding) {
        this.encoding = encoding;
        this.encoded = encoding.size() == 0 ? NOTHING_ENCODED : new byte[encoding.size()][];
    }

    /**
     * Stores the event and the bytes {@code from} encoded ahead for it on this caller's thread (see
     * {@link CallerEncoding#writer()}; null: none, the consumer encodes it). Bytes of another run's encoders (a caller
     * that read the appender's fields across a stop and start) are not this slot's: it stores none, and the consumer
     * encodes the event with this run's encoders. Captures the caller's context: one thread-local read with
     * OpenTelemetry on the class path, none without.
     */
    void write(CallerEncoding from, ILoggingEvent event, Object encodedAhead) {
        this.event = event;
        this.callerContext = CallerContext.ON_CLASS_PATH.capture();
        if (from == encoding) {
            encoding.takeInto(encodedAhead, encoded);
        } else {
            // Bytes of another run's encoders: the consumer encodes with this run's. Not encoded here: inside the slot
            // an encoder (application code) that logs would be a call nested in the slot's writing, which must never
            // wait, and the pipeline is told that this writer runs no such code.
            Arrays.fill(encoded, null);
        }
    }

    /** The event written by the caller; read by the consumer. */
    ILoggingEvent event() {
        return event;
    }

    /** The caller's context, to be made current around the event's delivery; read by the consumer. */
    Object callerContext() {
        return callerContext;
    }

    /** The bytes encoded on the caller for the child at {@code index} of the {@link CallerEncoding}, or null. */
    byte[] encoded(int index) {
        return encoded[index];
    }

    /** Drops the references once the event was delivered, so the ring retains nothing. */
    void clear() {
        event = null;
        callerContext = null;
        for (int i = 0; i < encoded.length; i++) {
            encoded[i] = null;
        }
    }
}
