package io.ringlog.benchmarks.heap;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.status.Status;
import io.ringlog.benchmarks.support.LogbackConfigs;
import io.ringlog.core.ByteSize;
import io.ringlog.logback.RingAsyncAppender;
import java.net.URL;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Starts a Logback configuration of this package in a private {@link LoggerContext}, with the variables
 * {@code QUEUE} (the queue size) and {@code LOG_DIR}; its asynchronous appender is named {@code ASYNC}. Refuses a
 * configuration that reported a warning. Ringlog's byte bound in effect is read from the settings its start reports.
 */
final class LogbackHeld {

    /** The byte bound in the INFO a Ringlog appender reports when it starts ({@code PipelineSettings#toString()}). */
    private static final Pattern MAX_QUEUE_BYTES = Pattern.compile("\\bstarted: PipelineSettings\\[.*\\bmaxQueueBytes=([^,\\]]+)");

    private LogbackHeld() {
    }

    static HeldQueue open(String resource, int queue, Path directory) throws Exception {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.setName("heap-held");
        context.putProperty("QUEUE", Integer.toString(queue));
        context.putProperty("LOG_DIR", directory.toString());
        URL config = LogbackHeld.class.getResource(resource);
        if (config == null) {
            throw new IllegalStateException("no configuration " + resource);
        }
        LogbackConfigs.configureOrFail(context, config);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        Logger logger = context.getLogger("io.ringlog.heap.OrderService");
        Appender<?> async = root.getAppender("ASYNC");
        if (async instanceof RingAsyncAppender) {
            RingAsyncAppender ring = (RingAsyncAppender) async;
            long capacity = ring.getStats().capacity();
            return new HeldQueue(logger::error, capacity, () -> ring.getStats().queueSize(),
                    () -> capacity - ring.getStats().queueSize(), context::stop, maxQueueBytes(context, config));
        }
        if (async instanceof AsyncAppender) {
            AsyncAppender stock = (AsyncAppender) async;
            return new HeldQueue(logger::error, stock.getQueueSize(), stock::getNumberOfElementsInQueue,
                    stock::getRemainingCapacity, context::stop);
        }
        context.stop();
        throw new IllegalStateException("no appender ASYNC on the root logger in " + config);
    }

    /** The byte bound the appender started with, as its start reported it: 0 for {@code unbounded}. */
    private static long maxQueueBytes(LoggerContext context, URL config) {
        for (Status status : context.getStatusManager().getCopyOfStatusList()) {
            Matcher matcher = MAX_QUEUE_BYTES.matcher(status.getMessage());
            if (matcher.find()) {
                String bound = matcher.group(1);
                return bound.equals("unbounded") ? 0 : ByteSize.parse(bound);
            }
        }
        context.stop();
        throw new IllegalStateException("Ringlog's appender in " + config + " reported no settings when it started");
    }
}
