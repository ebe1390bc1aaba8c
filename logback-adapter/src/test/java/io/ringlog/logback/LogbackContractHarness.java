package io.ringlog.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.status.Status;
import io.ringlog.contract.ContractHarness;
import io.ringlog.contract.Scenario;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.slf4j.spi.LocationAwareLogger;

/**
 * Drives Logback for the shared {@link io.ringlog.contract.AsyncAppenderContract}: a fresh LoggerContext per
 * test, configured from {@code contract-<scenario>.xml} beside this class, the scenario's settings given as
 * context properties (Logback's {@code ${}} lookup finds them before system properties).
 */
final class LogbackContractHarness implements ContractHarness {

    private static final String FQCN = LogbackContractHarness.class.getName();
    private static final AtomicInteger CONTEXTS = new AtomicInteger();

    private final LoggerContext context = new LoggerContext();
    private Logger logger;
    /** Kept after configuration: a context shutdown detaches it from the logger, the contract still reads its counters. */
    private RingAsyncAppender ring;

    LogbackContractHarness() {
        context.setName("contract-" + CONTEXTS.incrementAndGet());
        context.setMDCAdapter(new LogbackMDCAdapter());
    }

    @Override
    public String framework() {
        return RingAsyncAppender.FRAMEWORK;
    }

    @Override
    public void configure(Scenario scenario, Map<String, String> properties) throws Exception {
        properties.forEach(context::putProperty);
        URL config = LogbackContractHarness.class.getResource(scenario.fileName());
        if (config == null) {
            throw new IllegalStateException("missing " + scenario.fileName() + " beside " + FQCN);
        }
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(config);
        logger = context.getLogger(LOGGER);
        ring = (RingAsyncAppender) logger.getAppender("ASYNC");
    }

    /** Logs with this class as the logger facade, so caller data names the method that called us. */
    @Override
    public void log(EventLevel level, String message, Object... args) {
        logger.log(null, FQCN, toLocationAwareLevel(level), message, args, null);
    }

    private static int toLocationAwareLevel(EventLevel level) {
        switch (level) {
            case TRACE:
                return LocationAwareLogger.TRACE_INT;
            case DEBUG:
                return LocationAwareLogger.DEBUG_INT;
            case INFO:
                return LocationAwareLogger.INFO_INT;
            case WARN:
                return LocationAwareLogger.WARN_INT;
            default:
                return LocationAwareLogger.ERROR_INT;
        }
    }

    @Override
    public void putContext(String key, String value) {
        if (value == null) {
            context.getMDCAdapter().remove(key);
        } else {
            context.getMDCAdapter().put(key, value);
        }
    }

    private RingAsyncAppender ring() {
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
        context.stop();
    }

    @Override
    public String contextName() {
        return context.getName();
    }

    @Override
    public List<String> statusMessages() {
        return context.getStatusManager().getCopyOfStatusList().stream()
                .filter(status -> status.getLevel() >= Status.WARN)
                .map(Status::getMessage)
                .collect(Collectors.toList());
    }

    @Override
    public void close() {
        context.stop();
    }
}
