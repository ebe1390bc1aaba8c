package io.ringlog.benchmarks.heap;

import io.ringlog.log4j2.RingAsyncAppender;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Starts a Log4j2 configuration of this package in a private {@link LoggerContext} (an {@link AsyncLoggerContext}
 * for Async Loggers, as {@code AsyncLoggerContextSelector} would make it), with the system properties
 * {@code ringlog.heap.queue} and {@code ringlog.heap.dir} as its variables; its asynchronous appender, if any, is
 * named {@code ASYNC}. Async Loggers take their ring size from {@code log4j2.asyncLoggerRingBufferSize}, set here
 * before the context starts (each run has a JVM of its own). Refuses a configuration that reported a warning.
 */
final class Log4j2Held {

    /** Log4j2's property for the size of Async Loggers' ring. */
    static final String RING_BUFFER_SIZE_PROPERTY = "log4j2.asyncLoggerRingBufferSize";

    private Log4j2Held() {
    }

    static HeldQueue open(String resource, boolean asyncLoggers, int queue, Path directory) throws Exception {
        System.setProperty("ringlog.heap.queue", Integer.toString(queue));
        System.setProperty("ringlog.heap.dir", directory.toString());
        if (asyncLoggers) {
            System.setProperty(RING_BUFFER_SIZE_PROPERTY, Integer.toString(queue));
        }
        URI config = Log4j2Held.class.getResource(resource).toURI();
        WarningCollector warnings = new WarningCollector();
        StatusLogger.getLogger().registerListener(warnings);
        LoggerContext context;
        try {
            context = asyncLoggers ? new AsyncLoggerContext("heap-held", null, config) : new LoggerContext("heap-held", null, config);
            context.start();
        } finally {
            StatusLogger.getLogger().removeListener(warnings);
        }
        if (!(context.getConfiguration() instanceof XmlConfiguration) || !warnings.messages.isEmpty()) {
            context.stop();
            throw new IllegalStateException("Log4j2 configuration " + config + " did not load cleanly: " + warnings.messages);
        }
        Logger logger = context.getLogger("io.ringlog.heap.OrderService");
        Runnable stop = () -> context.stop(5, TimeUnit.MINUTES);
        if (asyncLoggers) {
            RingBufferAdmin ring = ((AsyncLoggerContext) context).createRingBufferAdmin();
            long capacity = ring.getBufferSize();
            return new HeldQueue(logger::error, capacity, () -> capacity - ring.getRemainingCapacity(),
                    ring::getRemainingCapacity, stop);
        }
        Appender async = context.getConfiguration().getAppender("ASYNC");
        if (async instanceof RingAsyncAppender) {
            RingAsyncAppender ring = (RingAsyncAppender) async;
            long capacity = ring.getStats().capacity();
            return new HeldQueue(logger::error, capacity, () -> ring.getStats().queueSize(),
                    () -> capacity - ring.getStats().queueSize(), stop, ring.getSettings().maxQueueBytes());
        }
        if (async instanceof AsyncAppender) {
            AsyncAppender stock = (AsyncAppender) async;
            return new HeldQueue(logger::error, stock.getQueueCapacity(), stock::getQueueSize,
                    stock::getQueueRemainingCapacity, stop);
        }
        context.stop();
        throw new IllegalStateException("no appender ASYNC in " + config);
    }

    /** Keeps the WARN and ERROR status messages reported while the configuration loads. */
    private static final class WarningCollector implements StatusListener {
        final List<String> messages = new CopyOnWriteArrayList<>();

        @Override
        public void log(StatusData data) {
            if (data.getLevel().isMoreSpecificThan(Level.WARN)) {
                messages.add(data.getFormattedStatus());
            }
        }

        @Override
        public Level getStatusLevel() {
            return Level.WARN;
        }

        @Override
        public void close() {
            // nothing held
        }
    }
}
