package io.ringlog.log4j2;

import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ReusableMessage;

/**
 * Estimates what a queued Log4j2 event holds on the heap, for the byte bound ({@code maxQueueBytes}): its formatted
 * message and each {@link Throwable} of its cause chain, about {@value #THROWN_BYTES} bytes each. The depth of a stack
 * trace is not known without asking the throwable for its {@code StackTraceElement}s, which would create them on the
 * caller, for every event, and keep them in the queue (measured with {@code benchmarks/heap-held}: 9.1 instead of 3.0 KiB
 * an event); a queued throwable holds its trace in the JVM's compact form (about 3 KiB for 120 frames), and layouts
 * print it on the consumer, after the event has left the queue. A reading of a few fields; no allocation. Any thread.
 */
final class LogEventWeights {
    /** A slot's copy of the event, roughly, before the message and the stack trace. */
    static final int EVENT_BYTES = 256;
    /** One throwable of an event's cause chain, with its stack trace in the JVM's compact form (see the class notes). */
    static final int THROWN_BYTES = 4096;
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
            bytes += THROWN_BYTES;
            thrown = thrown.getCause();
        }
        return bytes;
    }
}
