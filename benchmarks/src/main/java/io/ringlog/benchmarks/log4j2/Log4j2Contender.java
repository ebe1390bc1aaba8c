package io.ringlog.benchmarks.log4j2;

import io.ringlog.benchmarks.support.Contender;
import io.ringlog.benchmarks.support.LogTarget;
import io.ringlog.benchmarks.support.Sink;
import java.nio.file.Path;

import java.util.Locale;

/**
 * The Log4j2 appenders and logger modes compared, each loaded from {@code <name in lower case, '_' as '-'>.xml}
 * beside this class. {@link #REFERENCE} is the stock appender the report's ratios divide by.
 */
public enum Log4j2Contender implements Contender {
    /** The sink on the root logger: the caller does all the work. */
    SYNC("synchronous (no async appender)", true, false),
    /** The stock {@code <Async>} appender at its default bufferSize 1024, blocking (its default). */
    ASYNC_1024("stock <Async>, buffer 1024", true, false),
    /** The stock {@code <Async>} appender, bufferSize 8192, blocking. */
    ASYNC_8192("stock <Async>, buffer 8192", true, false),
    /** Mixed sync/async: {@code <AsyncRoot>} (Async Loggers on Disruptor 3.4.x). */
    ASYNC_ROOT("Async Loggers, <AsyncRoot>", true, false),
    /** All loggers asynchronous: an {@code AsyncLoggerContext} (Disruptor 3.4.x). */
    ALL_ASYNC("Async Loggers, all async", true, true),
    /** Ringlog's {@code <RingAsync>}, fullQueuePolicy BLOCK (its default). */
    RING_BLOCK("Ringlog <RingAsync>", true, false),
    /** Ringlog's {@code <RingAsync>}, fullQueuePolicy DROP_ALL. */
    RING_DROP_ALL("Ringlog <RingAsync>, DROP_ALL", false, false);

    /** The stock appender every ratio is taken against. */
    public static final Log4j2Contender REFERENCE = ASYNC_1024;

    private final String label;
    private final boolean lossless;
    private final boolean allAsync;

    Log4j2Contender(String label, boolean lossless, boolean allAsync) {
        this.label = label;
        this.lossless = lossless;
        this.allAsync = allAsync;
    }

    @Override
    public String displayName() {
        return "log4j2 " + name();
    }

    @Override
    public LogTarget open(Sink sink, Path directory) throws Exception {
        return new Log4j2Target(this, sink, directory);
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public boolean lossless() {
        return lossless;
    }

    /** Whether the context itself must be an AsyncLoggerContext. */
    public boolean allAsync() {
        return allAsync;
    }

    /** Whether this contender is one of Ringlog's. */
    public boolean isRinglog() {
        return name().startsWith("RING_");
    }

    /** The configuration's resource name, relative to this class. */
    public String resource() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-') + ".xml";
    }
}
