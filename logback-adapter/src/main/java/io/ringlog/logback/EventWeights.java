package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.StackTraceElementProxy;

/**
 * Estimates what a queued Logback event holds on the heap, for the byte bound ({@code maxQueueBytes}): its message,
 * its stack trace (the {@code ThrowableProxy}'s frames, each a proxy and a {@code StackTraceElement}: about
 * {@value #FRAME_BYTES} bytes, and once an encoder on the caller has printed it the frame's text, which the proxy keeps:
 * {@value #FRAME_TEXT_BYTES} more) and the bytes encoded for it on the caller. Calibrated with
 * {@code benchmarks/heap-held} (120-frame exceptions: 12.4 KiB an event held without encoding on the caller, 42.6 KiB
 * with two files encoded there). A reading of a few fields; no allocation. Any thread.
 */
final class EventWeights {
    /** The event object, its arrays and its MDC map, roughly, before the message and the stack trace. */
    static final int EVENT_BYTES = 256;
    /** One frame of a stack trace held by a queued event: its proxy and its element (see the class notes). */
    static final int FRAME_BYTES = 104;
    /** One frame's text, which the proxy keeps once an encoder on the caller printed it (see the class notes). */
    static final int FRAME_TEXT_BYTES = 112;
    /** The most causes followed in one stack trace. */
    private static final int MAX_CAUSES = 16;

    private EventWeights() {
    }

    /** The estimate for {@code event}, with {@code encodedBytes} encoded for it ahead. */
    static long of(ILoggingEvent event, long encodedBytes) {
        long bytes = EVENT_BYTES + encodedBytes;
        int frameBytes = encodedBytes > 0 ? FRAME_BYTES + FRAME_TEXT_BYTES : FRAME_BYTES;
        String message = event.getFormattedMessage();
        if (message != null) {
            bytes += message.length();
        }
        IThrowableProxy proxy = event.getThrowableProxy();
        for (int depth = 0; proxy != null && depth < MAX_CAUSES; depth++) {
            StackTraceElementProxy[] frames = proxy.getStackTraceElementProxyArray();
            bytes += (long) frameBytes * (frames == null ? 0 : frames.length);
            String text = proxy.getMessage();
            if (text != null) {
                bytes += text.length();
            }
            proxy = proxy.getCause();
        }
        return bytes;
    }
}
