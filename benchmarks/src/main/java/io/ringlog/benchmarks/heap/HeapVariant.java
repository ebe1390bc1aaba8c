package io.ringlog.benchmarks.heap;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The asynchronous setups compared, each loaded from {@code <id>.xml} beside this class ({@code LOGBACK_RINGLOG} →
 * {@code logback-ringlog.xml}). Every one routes each event to the {@link HeldSink} and, but for the two
 * {@code *_HELD_ONLY} ones, to two plain file appenders. Ringlog runs as a user gets it (its default byte bound, a
 * sixteenth of the maximum heap) and with the byte bound off ({@code *_UNBOUNDED}, {@code maxQueueBytes} 0: the queue
 * fills by its slots alone, as before Ringlog had a byte bound).
 */
enum HeapVariant {
    /** Ringlog's {@code RingAsyncAppender}, its default byte bound; the held sink and both files behind it. */
    LOGBACK_RINGLOG("Logback, Ringlog `RingAsyncAppender`, default byte bound", false),
    /** As {@link #LOGBACK_RINGLOG}, the byte bound off. */
    LOGBACK_RINGLOG_UNBOUNDED("Logback, Ringlog `RingAsyncAppender`, `maxQueueBytes=0`", false),
    /**
     * Ringlog's {@code RingAsyncAppender} with the held sink alone: nothing to encode on the callers. The byte bound off,
     * so that it holds a full queue, as the stock appender beside it does.
     */
    LOGBACK_RINGLOG_HELD_ONLY("Logback, Ringlog `RingAsyncAppender`, `maxQueueBytes=0`, held sink alone (no files)", false),
    /**
     * As {@link #LOGBACK_RINGLOG_HELD_ONLY}, with {@code jmx=false}: no MBean, so no platform MBean server created for it
     * (the stock appender registers none), which shows what the MBean server takes apart from the ring.
     */
    LOGBACK_RINGLOG_NO_JMX_HELD_ONLY("Logback, Ringlog `RingAsyncAppender`, `maxQueueBytes=0`, `jmx=false`, held sink alone (no files)", false),
    /** The stock {@code AsyncAppender} (one child: the held sink); both files on the root logger beside it. */
    LOGBACK_ASYNC("Logback, stock `AsyncAppender` (files beside it)", false),
    /** The stock {@code AsyncAppender} with the held sink alone: the queue's events as no encoder has touched them. */
    LOGBACK_ASYNC_HELD_ONLY("Logback, stock `AsyncAppender`, held sink alone (no files)", false),
    /** Ringlog's {@code <RingAsync>}, its default byte bound; the held sink and both files behind it. */
    LOG4J2_RINGLOG("Log4j2, Ringlog `<RingAsync>`, default byte bound", false),
    /** As {@link #LOG4J2_RINGLOG}, the byte bound off. */
    LOG4J2_RINGLOG_UNBOUNDED("Log4j2, Ringlog `<RingAsync>`, `maxQueueBytes=0`", false),
    /** The stock {@code <Async>}; the held sink and both files behind it. */
    LOG4J2_ASYNC("Log4j2, stock `<Async>`", false),
    /** Async Loggers (an {@code AsyncLoggerContext}); the held sink and both files on the root logger. */
    LOG4J2_ASYNC_LOGGERS("Log4j2, Async Loggers", true);

    private final String label;
    private final boolean asyncLoggers;

    HeapVariant(String label, boolean asyncLoggers) {
        this.label = label;
        this.asyncLoggers = asyncLoggers;
    }

    /** The name on the command line and in file names ({@code logback-ringlog}). */
    String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The variant named {@code id}. */
    static HeapVariant of(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /** The row's name in the report. */
    String label() {
        return label;
    }

    /** Whether this is one of Ringlog's appenders. */
    boolean isRinglog() {
        return name().contains("_RINGLOG");
    }

    boolean isLogback() {
        return name().startsWith("LOGBACK_");
    }

    /** The stock appender of the same framework in front of the same downstream: the reference of the ratios. */
    HeapVariant stock() {
        return !isLogback() ? LOG4J2_ASYNC : hasFiles() ? LOGBACK_ASYNC : LOGBACK_ASYNC_HELD_ONLY;
    }

    /** Whether the two file appenders are configured. */
    boolean hasFiles() {
        return !name().endsWith("_HELD_ONLY");
    }

    /** Starts the configuration with a queue of {@code queue} places, the files in {@code directory}. */
    HeldQueue open(int queue, Path directory) throws Exception {
        String resource = id() + ".xml";
        return isLogback() ? LogbackHeld.open(resource, queue, directory) : Log4j2Held.open(resource, asyncLoggers, queue, directory);
    }
}
