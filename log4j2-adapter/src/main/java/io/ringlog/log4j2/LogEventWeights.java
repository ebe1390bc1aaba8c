package io.ringlog.log4j2;

import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ReusableMessage;

/**
 * Estimates what a queued Log4j2 event holds on the heap, for the byte bound ({@code maxQueueBytes}): its formatted
 * message and its {@link Throwable}, whose stack trace (the frames the JVM recorded, and the
 * {@code StackTraceElement}s once something asked for them) is about {@value #FRAME_BYTES} bytes a frame. Layouts
 * print the stack trace on the consumer, after the event has left the queue, so its text is not counted. A reading of
 * a few fields; no allocation but what {@link Throwable#getStackTrace()} returns (a copy of an array the throwable
 * already holds, once it has been asked for it; only for an event that carries one). Any thread.
 */
final class LogEventWeights {
    /** A slot's copy of the event, roughly, before the message and the stack trace. */
    static final int EVENT_BYTES = 256;
    /** One frame of a stack trace held by a queued event (see the class notes). */
    static final int FRAME_BYTES = 128;
    /** The most causes followed in one stack trace. */
    private static final int MAX_CAUSES = 16;

    private LogEventWeights() {
    }

    /** The estimate for {@code event}. */
    static long of(LogEvent event) {
        long bytes = EVENT_BYTES;
        Message message = event.getMessage();
        if (message != null && !(message instanceof ReusableMessage)) {
            // Formatted and kept by the message once prepared (LogEventSlot.prepare): a read, not a formatting. A
            // reusable message (garbage-free logging) would format anew here; its text is copied into the slot's own
            // buffer, which the slot's size already stands for.
            String text = message.getFormattedMessage();
            if (text != null) {
                bytes += text.length();
            }
        }
        Throwable thrown = event.getThrown();
        for (int depth = 0; thrown != null && depth < MAX_CAUSES; depth++) {
            bytes += (long) FRAME_BYTES * thrown.getStackTrace().length;
            thrown = thrown.getCause();
        }
        return bytes;
    }
}
