package io.ringlog.benchmarks.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.status.Status;
import io.ringlog.benchmarks.support.Delivery;
import io.ringlog.benchmarks.support.LogTarget;
import io.ringlog.benchmarks.support.Messages;
import io.ringlog.benchmarks.support.Sink;
import io.ringlog.benchmarks.support.SinkCounters;
import java.net.URL;
import java.nio.file.Path;

/**
 * A Logback contender in a private {@link LoggerContext}, configured by Joran from the contender's XML with
 * the variables {@code SINK} (the sink appender's name) and {@code LOG_DIR}. Refuses to start on any
 * configuration error, so that a typo cannot benchmark the wrong thing.
 */
public final class LogbackTarget implements LogTarget {

    private final LoggerContext context;
    private final Logger logger;
    private final Sink sink;
    private final Path directory;

    /** Configures the contender. */
    public LogbackTarget(LogbackContender contender, Sink sink, Path directory) throws Exception {
        this.sink = sink;
        this.directory = directory;
        this.context = new LoggerContext();
        // What SLF4J's LogbackServiceProvider would do: without an MDC adapter, deferred processing throws.
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.setName("bench-" + contender.name());
        context.putProperty("SINK", sink.appenderName());
        context.putProperty("LOG_DIR", directory.toString());
        URL config = LogbackContender.class.getResource(contender.resource());
        if (config == null) {
            throw new IllegalStateException("no configuration " + contender.resource() + " for " + contender);
        }
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(config);
        context.start();
        StringBuilder errors = new StringBuilder();
        for (Status status : context.getStatusManager().getCopyOfStatusList()) {
            if (status.getEffectiveLevel() >= Status.WARN && !isUnusedSink(status)) {
                errors.append(System.lineSeparator()).append("  ").append(status);
                if (status.getThrowable() != null) {
                    errors.append(" caused by ").append(status.getThrowable());
                }
            }
        }
        if (errors.length() > 0) {
            context.stop();
            throw new IllegalStateException("Logback configuration " + config + " for " + contender + " reported problems:" + errors);
        }
        this.logger = context.getLogger(Messages.LOGGER);
    }

    /** Every configuration defines all sinks and references one: Logback warns about the others, rightly skipped. */
    private static boolean isUnusedSink(Status status) {
        return status.getEffectiveLevel() == Status.WARN && String.valueOf(status.getMessage()).endsWith("not referenced. Skipping further processing.");
    }

    @Override
    public void log(int sequence) {
        logger.info(Messages.TEMPLATE, Messages.order(), Messages.quantity(sequence));
    }

    @Override
    public long stop() throws Exception {
        context.stop();
        return sink.isFile() ? Delivery.countLines(directory.resolve(sink.appenderName() + ".log")) : SinkCounters.delivered();
    }
}
