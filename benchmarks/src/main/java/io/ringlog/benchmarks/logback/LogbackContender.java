package io.ringlog.benchmarks.logback;

import io.ringlog.benchmarks.support.Contender;
import io.ringlog.benchmarks.support.LogTarget;
import io.ringlog.benchmarks.support.Sink;
import java.nio.file.Path;

/**
 * The Logback appenders compared, each loaded from {@code <name in lower case, '_' as '-'>.xml} beside this class.
 * {@link #REFERENCE} is the stock appender the report's ratios divide by.
 */
public enum LogbackContender implements Contender {
    /** The sink attached to the root logger: the caller does all the work. */
    SYNC("synchronous (no async appender)", true),
    /** Logback's AsyncAppender at its default queue size, made lossless (discardingThreshold 0, neverBlock false). */
    ASYNC_256("stock AsyncAppender, queue 256", true),
    /** Logback's AsyncAppender with a queue of 8192, lossless. */
    ASYNC_8192("stock AsyncAppender, queue 8192", true),
    /** logstash-logback-encoder's LoggingEventAsyncDisruptorAppender, blocking when full (appendTimeout -1). */
    LLE_BLOCKING("logstash-logback-encoder, blocking", true),
    /** logstash-logback-encoder's LoggingEventAsyncDisruptorAppender at its default: drops when full. */
    LLE_DROPPING("logstash-logback-encoder, dropping", false),
    /** Ringlog's RingAsyncAppender, fullQueuePolicy BLOCK (its default). */
    RING_BLOCK("Ringlog", true),
    /** Ringlog's RingAsyncAppender, fullQueuePolicy DROP_ALL. */
    RING_DROP_ALL("Ringlog, DROP_ALL", false);

    /** The stock appender every ratio is taken against. */
    public static final LogbackContender REFERENCE = ASYNC_256;

    private final String label;
    private final boolean lossless;

    LogbackContender(String label, boolean lossless) {
        this.label = label;
        this.lossless = lossless;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String displayName() {
        return "logback " + name();
    }

    @Override
    public LogTarget open(Sink sink, Path directory) throws Exception {
        return new LogbackTarget(this, sink, directory);
    }

    @Override
    public boolean lossless() {
        return lossless;
    }

    /** Whether this contender is one of Ringlog's. */
    public boolean isRinglog() {
        return name().startsWith("RING_");
    }

    /** The configuration's resource name, relative to this class. */
    public String resource() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + ".xml";
    }
}
