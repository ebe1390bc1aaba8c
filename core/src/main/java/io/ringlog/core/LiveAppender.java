package io.ringlog.core;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * One started Ringlog appender as {@link LiveAppenders} lists it: which framework and logging context it belongs to,
 * its name, and its pipeline's counters. Immutable; any thread. Each start of an appender is a new
 * {@code LiveAppender} (with a new pipeline whose counters start at zero), compared by identity.
 */
public final class LiveAppender {
    private final String framework;
    private final Object context;
    private final String contextName;
    private final String name;
    private final Supplier<PipelineStats> stats;
    private final BooleanSupplier failed;

    LiveAppender(String framework, Object context, String contextName, String name, Supplier<PipelineStats> stats,
                 BooleanSupplier failed) {
        this.framework = framework;
        this.context = context;
        this.contextName = contextName == null || contextName.isEmpty() ? "default" : contextName;
        this.name = name;
        this.stats = stats;
        this.failed = failed;
    }

    /** {@code logback} or {@code log4j2}. */
    public String framework() {
        return framework;
    }

    /** The logging context object (a Logback or Log4j2 {@code LoggerContext}); compare it by identity. */
    public Object context() {
        return context;
    }

    /** The logging context's name; {@code default} when it has none. */
    public String contextName() {
        return contextName;
    }

    /** The appender's name. */
    public String name() {
        return name;
    }

    /** A snapshot of the counters of this start's pipeline; after the stop, its final counters. Any thread. */
    public PipelineStats stats() {
        return stats.get();
    }

    /** True once this start's pipeline has failed ({@link AsyncPipeline#hasFailed()}). Any thread. */
    public boolean failed() {
        return failed.getAsBoolean();
    }

    @Override
    public String toString() {
        return "LiveAppender[" + framework + ", " + contextName + ", " + name + "]";
    }
}
