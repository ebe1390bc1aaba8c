package io.ringlog.benchmarks.log4j2;

import io.ringlog.benchmarks.support.Delivery;
import io.ringlog.benchmarks.support.LogTarget;
import io.ringlog.benchmarks.support.Messages;
import io.ringlog.benchmarks.support.Sink;
import io.ringlog.benchmarks.support.SinkCounters;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * A Log4j2 contender in a private {@link LoggerContext} built directly (an {@link AsyncLoggerContext} for
 * all-async) from the contender's XML, with the system properties {@code ringlog.bench.sink} and
 * {@code ringlog.bench.dir} as its variables (each trial has a JVM of its own). Refuses to start when the
 * configuration reported an error.
 */
public final class Log4j2Target implements LogTarget {

    /** The system property the configurations read the sink appender's name from. */
    public static final String SINK_PROPERTY = "ringlog.bench.sink";
    /** The system property the configurations read the log directory from. */
    public static final String DIR_PROPERTY = "ringlog.bench.dir";

    private final LoggerContext context;
    private final Logger logger;
    private final Sink sink;
    private final Path directory;

    /** Configures the contender. */
    public Log4j2Target(Log4j2Contender contender, Sink sink, Path directory) throws Exception {
        this.sink = sink;
        this.directory = directory;
        System.setProperty(SINK_PROPERTY, sink.appenderName());
        System.setProperty(DIR_PROPERTY, directory.toString());
        URL config = Log4j2Contender.class.getResource(contender.resource());
        if (config == null) {
            throw new IllegalStateException("no configuration " + contender.resource() + " for " + contender);
        }
        URI location = config.toURI();
        ErrorCollector errors = new ErrorCollector();
        StatusLogger.getLogger().registerListener(errors);
        try {
            String name = "bench-" + contender.name();
            context = contender.allAsync() ? new AsyncLoggerContext(name, null, location) : new LoggerContext(name, null, location);
            context.start();
        } finally {
            StatusLogger.getLogger().removeListener(errors);
        }
        if (!(context.getConfiguration() instanceof XmlConfiguration) || !errors.messages.isEmpty()) {
            context.stop();
            throw new IllegalStateException("Log4j2 configuration " + config + " for " + contender + " did not load cleanly ("
                    + context.getConfiguration().getClass().getSimpleName() + "): " + errors.messages);
        }
        this.logger = context.getLogger(Messages.LOGGER);
    }

    @Override
    public void log(int sequence) {
        logger.info(Messages.TEMPLATE, Messages.order(), Messages.quantity(sequence));
    }

    @Override
    public long stop() throws Exception {
        context.stop(1, TimeUnit.MINUTES);
        return sink.isFile() ? Delivery.countLines(directory.resolve(sink.appenderName() + ".log")) : SinkCounters.delivered();
    }

    /** Collects ERROR status messages while the configuration loads. */
    private static final class ErrorCollector implements StatusListener {
        final List<String> messages = new CopyOnWriteArrayList<>();

        @Override
        public void log(StatusData data) {
            if (data.getLevel().isMoreSpecificThan(Level.ERROR)) {
                messages.add(data.getFormattedStatus());
            }
        }

        @Override
        public Level getStatusLevel() {
            return Level.ERROR;
        }

        @Override
        public void close() {
            // nothing held
        }
    }
}
