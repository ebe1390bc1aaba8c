package io.ringlog.benchmarks.heap;

import io.ringlog.core.PipelineSettings;

/**
 * What Ringlog's adapters estimate one queued event holds, for the byte bound ({@code maxQueueBytes}), redone here
 * from the event's parts: the adapters' own estimators ({@code io.ringlog.logback.EventWeights},
 * {@code io.ringlog.log4j2.LogEventWeights}) are package-private, so their constants are copied below. A run in which
 * the byte bound stopped the queue checks the copy: the queue must stop where these weights say it does
 * ({@link HeapHeld}), so a recalibrated adapter shows up as a failed check rather than as a wrong column. Stateless;
 * any thread.
 */
final class AdapterEstimate {

    /** Logback: the event object, its arrays and its MDC map ({@code EventWeights.EVENT_BYTES}). */
    static final int LOGBACK_EVENT_BYTES = 256;
    /** Logback: one stack frame, its proxy and element ({@code EventWeights.FRAME_BYTES}). */
    static final int LOGBACK_FRAME_BYTES = 104;
    /** Logback: one frame's printed text, kept once encoded on the caller ({@code EventWeights.FRAME_TEXT_BYTES}). */
    static final int LOGBACK_FRAME_TEXT_BYTES = 112;
    /** Log4j2: the slot's copy of the event ({@code LogEventWeights.EVENT_BYTES}). */
    static final int LOG4J2_EVENT_BYTES = 256;
    /** Log4j2: one throwable of the cause chain ({@code LogEventWeights.THROWN_BYTES}). */
    static final int LOG4J2_THROWN_BYTES = 4096;

    private AdapterEstimate() {
    }

    /**
     * Logback's estimate of an event with {@code message}, an exception without cause whose message is
     * {@code thrownMessage} and whose stack trace is {@code frames} deep, and {@code encodedBytes} encoded for it on the
     * caller (the sum over the file and console appenders behind Ringlog).
     */
    static long logback(String message, String thrownMessage, int frames, long encodedBytes) {
        int frameBytes = encodedBytes > 0 ? LOGBACK_FRAME_BYTES + LOGBACK_FRAME_TEXT_BYTES : LOGBACK_FRAME_BYTES;
        return LOGBACK_EVENT_BYTES + encodedBytes + message.length() + (long) frameBytes * frames + thrownMessage.length();
    }

    /**
     * Log4j2's estimate of an event with {@code message} and an exception without cause (of any depth: the estimate
     * does not ask for it; {@code frames} is kept for the callers' symmetry with Logback's). A reusable
     * message (Log4j2's garbage-free logging, on by default outside web applications) is not counted: its text is
     * copied into the slot, which the event's share stands for.
     */
    static long log4j2(String message, boolean reusableMessage, int frames) {
        return LOG4J2_EVENT_BYTES + (reusableMessage ? 0 : message.length()) + LOG4J2_THROWN_BYTES;
    }

    /**
     * What an event estimated at {@code bytes} counts against a byte bound that is on, in KiB, as core's
     * {@code QueuedBytes.weightOf}: 0 below {@value PipelineSettings#COUNTED_FROM_BYTES} bytes, else the KiB rounded up,
     * at most what a slot's 16 bits hold.
     */
    static int weightKib(long bytes) {
        if (bytes < PipelineSettings.COUNTED_FROM_BYTES) {
            return 0;
        }
        return (int) Math.min(Character.MAX_VALUE, (bytes + 1023) >> 10);
    }

    /** A byte bound in the KiB it is counted in, as core's {@code QueuedBytes} counts it. */
    static long boundKib(long maxQueueBytes) {
        return Math.max(1, maxQueueBytes >> 10);
    }
}
