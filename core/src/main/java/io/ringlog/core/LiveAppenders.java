package io.ringlog.core;

import io.ringlog.core.internal.LiveAppenderRegistry;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The started Ringlog appenders of both frameworks in this class loader, whether or not they publish an MBean:
 * each adapter registers an appender when it starts and closes the registration when it stops. Monitoring (such
 * as ringlog-micrometer) lists them, or subscribes to follow reconfigurations, without any framework type.
 * Any thread.
 */
public final class LiveAppenders {

    private LiveAppenders() {
    }

    /**
     * Lists an appender that has started. Call it once the appender's pipeline runs, and close the registration after
     * the pipeline has stopped, so that {@link Listener#stopped} reads its final counters.
     *
     * @param framework   {@code logback} or {@code log4j2}
     * @param context     the logging context object
     * @param contextName the logging context's name; null or empty stands for {@code default}
     * @param name        the appender's name
     * @param stats       the counters of the pipeline this start created
     * @return closing it (idempotent) removes the appender from the list and tells the listeners
     */
    public static Registration register(String framework, Object context, String contextName, String name,
                                        Supplier<PipelineStats> stats) {
        return register(framework, context, contextName, name, stats, () -> false);
    }

    /**
     * Lists an appender that has started, as {@link #register(String, Object, String, String, Supplier)} does, with
     * whether its pipeline has failed ({@link AsyncPipeline#hasFailed()}), for health checks.
     *
     * @param failed true once the pipeline of this start has failed
     * @return closing it (idempotent) removes the appender from the list and tells the listeners
     */
    public static Registration register(String framework, Object context, String contextName, String name,
                                        Supplier<PipelineStats> stats, BooleanSupplier failed) {
        return LiveAppenderRegistry.register(new LiveAppender(framework, context, contextName, name, stats, failed));
    }

    /** The appenders started and not yet stopped, in the order they started; a snapshot. */
    public static List<LiveAppender> live() {
        return LiveAppenderRegistry.live();
    }

    /**
     * Subscribes to starts and stops. The listener is first told of every appender already live, then of each later
     * start and stop, one at a time and in order, with nothing missed or told twice.
     *
     * @return closing it (idempotent) ends the subscription
     */
    public static Registration subscribe(Listener listener) {
        return LiveAppenderRegistry.subscribe(listener);
    }

    /**
     * Told of appenders that start and stop. Called on the thread that starts or stops the appender (or subscribes),
     * never concurrently with itself; it should return quickly and not start or stop appenders. What it throws is
     * ignored.
     */
    public interface Listener {

        /** An appender has started (or was live when the listener subscribed). */
        void started(LiveAppender appender);

        /** An appender has stopped; its {@link LiveAppender#stats()} are (nearly) final. */
        void stopped(LiveAppender appender);
    }

    /** A registration or a subscription; {@link #close()} is idempotent and throws nothing. */
    public interface Registration extends AutoCloseable {

        /** Ends the registration or the subscription. */
        @Override
        void close();
    }
}
