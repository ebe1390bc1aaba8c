package io.ringlog.benchmarks.footprint;

import io.ringlog.core.PipelineStats;
import java.util.function.Supplier;

/**
 * A started logging context, configured from a real file, whose root logger writes through one Ringlog appender of a
 * given size into a child that discards the events. Logging thread: one at a time.
 */
final class FootprintRing implements AutoCloseable {

    /** A framework's {@code info(template, p0, p1, p2)}. */
    @FunctionalInterface
    interface InfoLogger {
        void info(String template, Object first, Object second, Object third);
    }

    private final InfoLogger logger;
    private final Supplier<PipelineStats> stats;
    private final Runnable stop;

    FootprintRing(InfoLogger logger, Supplier<PipelineStats> stats, Runnable stop) {
        this.logger = logger;
        this.stats = stats;
        this.stop = stop;
    }

    /** Logs one event of the given shape at INFO. */
    void log(EventShape shape, Integer quantity) {
        logger.info(EventShape.TEMPLATE, EventShape.ORDER, quantity, shape.detail());
    }

    /** The Ringlog appender's counters. */
    PipelineStats stats() {
        return stats.get();
    }

    /** Stops the logging context, which drains the ring. */
    @Override
    public void close() {
        stop.run();
    }
}
