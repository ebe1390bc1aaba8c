package io.ringlog.log4j2;

import io.ringlog.contract.ContractHarness;
import io.ringlog.contract.Scenario;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.spi.ExtendedLogger;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Drives Log4j2 for the shared {@link io.ringlog.contract.AsyncAppenderContract}: a fresh LoggerContext per test,
 * configured from {@code contract-<scenario>.xml} beside this class, the scenario's settings given as system
 * properties (read with {@code ${sys:...}}); the StatusLogger's warnings and errors are collected from
 * {@link #configure} on.
 */
final class Log4j2ContractHarness implements ContractHarness {

    private static final String FQCN = Log4j2ContractHarness.class.getName();
    private static final AtomicInteger CONTEXTS = new AtomicInteger();

    private final String name = "contract-" + CONTEXTS.incrementAndGet();
    private final List<String> status = new CopyOnWriteArrayList<>();
    private final StatusListener listener = new Listener();
    private final List<String> properties = new ArrayList<>();
    private boolean listening;
    private LoggerContext context;
    private ExtendedLogger logger;
    /** Kept after configuration: the contract reads its counters after the context has stopped. */
    private RingAsyncAppender ring;

    @Override
    public String framework() {
        return "log4j2";
    }

    @Override
    public void configure(Scenario scenario, Map<String, String> settings) throws Exception {
        settings.forEach((key, value) -> {
            properties.add(key);
            System.setProperty(key, value);
        });
        URI config = scenario(scenario.fileName());
        StatusLogger.getLogger().registerListener(listener);
        listening = true;
        context = Configurator.initialize(name, config.toString());
        if (!config.equals(context.getConfigLocation())) {
            // A context for this class loader already existed: configure it from the scenario.
            context.setConfigLocation(config);
        }
        logger = context.getLogger(LOGGER);
        ring = context.getConfiguration().getAppender("ASYNC");
    }

    private static URI scenario(String fileName) throws URISyntaxException {
        URL url = Log4j2ContractHarness.class.getResource(fileName);
        if (url == null) {
            throw new IllegalStateException("missing " + fileName + " beside " + FQCN);
        }
        return url.toURI();
    }

    /** Logs with this class as the logger facade, so the location names the method that called us. */
    @Override
    public void log(EventLevel level, String message, Object... args) {
        logger.logIfEnabled(FQCN, toLevel(level), null, message, args);
    }

    private static Level toLevel(EventLevel level) {
        switch (level) {
            case TRACE:
                return Level.TRACE;
            case DEBUG:
                return Level.DEBUG;
            case INFO:
                return Level.INFO;
            case WARN:
                return Level.WARN;
            default:
                return Level.ERROR;
        }
    }

    @Override
    public void putContext(String key, String value) {
        if (value == null) {
            ThreadContext.remove(key);
        } else {
            ThreadContext.put(key, value);
        }
    }

    private RingAsyncAppender ring() {
        if (ring == null) {
            throw new IllegalStateException("the configuration has no RingAsync appender named ASYNC");
        }
        return ring;
    }

    @Override
    public PipelineStats stats() {
        return ring().getStats();
    }

    @Override
    public void stopAppender() {
        ring().stop();
    }

    @Override
    public void startAppender() {
        ring().start();
    }

    @Override
    public void shutdown() {
        if (context != null) {
            context.stop();
        }
    }

    @Override
    public String contextName() {
        return context.getName();
    }

    @Override
    public List<String> statusMessages() {
        return List.copyOf(status);
    }

    @Override
    public void close() {
        try {
            shutdown();
        } finally {
            if (listening) {
                StatusLogger.getLogger().removeListener(listener);
                listening = false;
            }
            properties.forEach(System::clearProperty);
            properties.clear();
        }
    }

    /** Collects the StatusLogger's WARN and ERROR messages. */
    private final class Listener implements StatusListener {
        @Override
        public void log(StatusData data) {
            if (data.getLevel().isMoreSpecificThan(Level.WARN)) {
                Throwable thrown = data.getThrowable();
                status.add(data.getMessage().getFormattedMessage() + (thrown == null ? "" : " | " + thrown));
            }
        }

        @Override
        public Level getStatusLevel() {
            return Level.WARN;
        }

        @Override
        public void close() {
            // removeListener closes it; what was collected stays readable.
        }
    }
}
