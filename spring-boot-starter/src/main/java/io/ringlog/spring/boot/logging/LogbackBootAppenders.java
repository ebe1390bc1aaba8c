package io.ringlog.spring.boot.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import io.ringlog.logback.RingAsyncAppender;
import io.ringlog.spring.boot.RinglogProperties;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.util.StringUtils;

/**
 * Logback: moves the root logger's appenders that Spring Boot's default configuration created ({@code CONSOLE}, and
 * {@code FILE} with {@code logging.file.*}) behind a started {@link RingAsyncAppender} named
 * {@value RinglogLoggingListener#APPENDER_NAME}. Spring Boot's logging shutdown ({@code LoggerContext.stop()}, after the
 * application context has closed) stops that appender, which delivers what is queued and then stops Boot's appenders.
 * Ringlog's drop summaries and failure reports are echoed on standard error ({@link LogbackStatusEcho}).
 * Called on the thread that initialises logging.
 */
final class LogbackBootAppenders {

    /**
     * The configuration files Spring Boot looks for on the class path before it falls back on its default
     * configuration (its standard locations, and their {@code -spring} variants).
     */
    static final List<String> CONFIGURATION_FILES = List.of("logback-test.groovy", "logback-test.xml", "logback.groovy", "logback.xml",
            "logback-test-spring.groovy", "logback-test-spring.xml", "logback-spring.groovy", "logback-spring.xml");

    private LogbackBootAppenders() {
    }

    static BootLogging wrap(Environment environment, ClassLoader classLoader, RinglogProperties properties) {
        String ownConfiguration = ownConfiguration(environment, classLoader);
        if (ownConfiguration != null) {
            return BootLogging.ownConfiguration("Logback", ownConfiguration);
        }
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (!(factory instanceof LoggerContext)) {
            return BootLogging.unchanged("SLF4J is bound to " + factory.getClass().getName() + ", not to Logback");
        }
        LoggerContext context = (LoggerContext) factory;
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        if (root.getAppender(RinglogLoggingListener.APPENDER_NAME) != null) {
            return BootLogging.unchanged("the root logger already has the appender [" + RinglogLoggingListener.APPENDER_NAME + "]");
        }
        List<Appender<ILoggingEvent>> targets = new ArrayList<>();
        root.iteratorForAppenders().forEachRemaining(targets::add);
        if (targets.isEmpty()) {
            return BootLogging.unchanged("the root logger has no appender");
        }
        RingAsyncAppender ring = newAppender(context, properties);
        targets.forEach(ring::addAppender);
        ring.start();
        if (!ring.isStarted()) {
            // Logback's status has the reason; Boot's appenders stay where they were, synchronous but working.
            return BootLogging.unchanged("the Ringlog appender did not start (see Logback's status messages)");
        }
        // Attached before the others are detached: an event logged meanwhile may be written twice, none is lost.
        root.addAppender(ring);
        targets.forEach(root::detachAppender);
        LogbackStatusEcho.install(context);
        List<String> names = new ArrayList<>();
        targets.forEach(target -> names.add(target.getName()));
        return BootLogging.wrapped("Logback", RinglogLoggingListener.APPENDER_NAME, names);
    }

    private static RingAsyncAppender newAppender(LoggerContext context, RinglogProperties properties) {
        RingAsyncAppender ring = new RingAsyncAppender();
        ring.setContext(context);
        ring.setName(RinglogLoggingListener.APPENDER_NAME);
        ring.setQueueSize(properties.getQueueSize());
        ring.setFullQueuePolicy(properties.getFullQueuePolicy().name());
        ring.setDiscardingThreshold(properties.getDiscardingThreshold());
        ring.setMaxBlockTime(Long.toString(properties.maxBlockTimeMillis()));
        ring.setMaxFlushTime(Long.toString(properties.getShutdownTimeout().toMillis()));
        ring.setIncludeCallerData(properties.isIncludeCallerData());
        return ring;
    }

    /** Where the application's own Logback configuration comes from; null when Boot applied its default one. */
    private static String ownConfiguration(Environment environment, ClassLoader classLoader) {
        String location = environment.getProperty("logging.config");
        if (StringUtils.hasText(location)) {
            return "logging.config=" + location;
        }
        String logbackProperty = System.getProperty("logback.configurationFile");
        if (StringUtils.hasText(logbackProperty)) {
            return "-Dlogback.configurationFile=" + logbackProperty;
        }
        for (String file : CONFIGURATION_FILES) {
            if (new ClassPathResource(file, classLoader).exists()) {
                return "classpath:" + file;
            }
        }
        return null;
    }
}
