package io.ringlog.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import java.net.URL;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A fresh LoggerContext configured from a real logback.xml beside the tests
 * ({@code src/test/resources/io/ringlog/logback/<scenario>.xml}); closing it stops the context.
 */
final class LogbackFixture implements AutoCloseable {

    final LoggerContext context = new LoggerContext();

    LogbackFixture(String contextName) {
        context.setName(contextName);
        context.setMDCAdapter(new LogbackMDCAdapter());
    }

    LogbackFixture property(String key, Object value) {
        context.putProperty(key, String.valueOf(value));
        return this;
    }

    LogbackFixture configure(String scenario) {
        URL config = LogbackFixture.class.getResource(scenario + ".xml");
        if (config == null) {
            throw new IllegalArgumentException("no configuration " + scenario + ".xml beside the tests");
        }
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        try {
            configurator.doConfigure(config);
        } catch (JoranException e) {
            throw new IllegalStateException("configuration " + scenario + " failed: " + statuses(), e);
        }
        return this;
    }

    Logger logger(String name) {
        return context.getLogger(name);
    }

    /** The RingAsyncAppender named RING attached to the root logger. */
    RingAsyncAppender ring() {
        return (RingAsyncAppender) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("RING");
    }

    @SuppressWarnings("unchecked")
    <A extends Appender<?>> A child(String name) {
        return (A) ring().getAppender(name);
    }

    List<Status> statuses() {
        return context.getStatusManager().getCopyOfStatusList();
    }

    /** The messages of the statuses of exactly this level ({@link Status#INFO}, {@link Status#WARN}, {@link Status#ERROR}). */
    List<String> messages(int level) {
        return statuses().stream().filter(s -> s.getLevel() == level).map(Status::getMessage).collect(Collectors.toList());
    }

    @Override
    public void close() {
        context.stop();
    }
}
