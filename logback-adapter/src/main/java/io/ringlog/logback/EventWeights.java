package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.StackTraceElementProxy;

/**
 * Estimates what a queued Logback event holds on the heap, for the byte bound ({@code maxQueueBytes}): its message,
 * its stack trace (the {@code ThrowableProxy}'s frames, each a proxy, a {@code StackTraceElement} and, once an encoder
 * has printed it, the frame's text: about {@value #FRAME_BYTES} bytes) and the bytes encoded for it on the caller. A
 * reading of a few fields; no allocation. Any thread.
 */
final class EventWeights {
    /** The event object, its arrays and its MDC map, roughly, before the message and the stack trace. */
    static final int EVENT_BYTES = 256;
    /** One frame of a stack trace held by a queued event (see the class notes). */
    static final int FRAME_BYTES = 256;
    /** The most causes followed in one stack trace. */
    private static final int MAX_CAUSES = 16;

    private EventWeights() {
    }

    /** The estimate for {@code event}, with {@code encodedBytes} encoded for it ahead. */
    static long of(ILoggingEvent event, long encodedBytes) {
        long bytes = EVENT_BYTES + encodedBytes;
        String message = event.getFormattedMessage();
        if (message != null) {
            bytes += message.length();
        }
        IThrowableProxy proxy = event.getThrowableProxy();
        for (int depth = 0; proxy != null && depth < MAX_CAUSES; depth++) {
            StackTraceElementProxy[] frames = proxy.getStackTraceElementProxyArray();
            bytes += (long) FRAME_BYTES * (frames == null ? 0 : frames.length);
            String text = proxy.getMessage();
            if (text != null) {
                bytes += text.length();
            }
            proxy = proxy.getCause();
        }
        return bytes;
    }
}
