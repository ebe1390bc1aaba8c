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
 * Ringlog's drop summaries and failure reports reach standard error through the status listener Spring Boot installs
 * (3.5 and later print Logback's WARN and ERROR status messages there). Called on the thread that initialises logging,
 * and on the one that reinitialises it ({@link LogbackReinitializations}).
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
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (!(factory instanceof LoggerContext)) {
            return BootLogging.unchanged("SLF4J is bound to " + factory.getClass().getName() + ", not to Logback");
        }
        LoggerContext context = (LoggerContext) factory;
        LogbackReinitializations.follow(context, environment, classLoader, properties);
        return wrap(context, environment, classLoader, properties);
    }

    /** A new application starts: its own properties apply once it has initialised logging ({@link LogbackReinitializations#pause}). */
    static void applicationStarting() {
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (factory instanceof LoggerContext) {
            LogbackReinitializations.pause((LoggerContext) factory);
        }
    }

    /** Wraps the root appenders of {@code context}, just configured by Spring Boot, if Boot applied its default configuration. */
    static BootLogging wrap(LoggerContext context, Environment environment, ClassLoader classLoader, RinglogProperties properties) {
        String ownConfiguration = ownConfiguration(environment, classLoader);
        if (ownConfiguration != null) {
            return BootLogging.ownConfiguration("Logback", ownConfiguration);
        }
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        if (root.getAppender(RinglogLoggingListener.APPENDER_NAME) != null) {
            return BootLogging.unchanged("the root logger already has the appender [" + RinglogLoggingListener.APPENDER_NAME + "]");
        }
        List<Appender<ILoggingEvent>> targets = new ArrayList<>();
        root.iteratorForAppenders().forEachRemaining(targets::add);
        if (targets.isEmpty()) {
            return BootLogging.unchanged("the root logger has no appender");
        }
        LogbackSharedStructuredEncoder.shareIfAlike(context, targets);
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
        List<String> names = new ArrayList<>();
        targets.forEach(target -> names.add(target.getName()));
        return BootLogging.wrapped("Logback", RinglogLoggingListener.APPENDER_NAME, names, properties);
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
        ring.setCallerEncoding(properties.callerEncodingMode());
        ring.setJmx(properties.isJmxEnabled(false));
        return ring;
    }

    /**
     * Where the application's own Logback configuration comes from; null when Boot applied its default one. Spring Boot
     * (3.5 and 4.x alike) ignores {@code -Dlogback.configurationFile}, with a warning, and looks for its usual files: an
     * application that sets only that property runs on Boot's defaults, and is wrapped.
     */
    private static String ownConfiguration(Environment environment, ClassLoader classLoader) {
        String location = environment.getProperty("logging.config");
        if (StringUtils.hasText(location)) {
            return "logging.config=" + location;
        }
        for (String file : CONFIGURATION_FILES) {
            if (new ClassPathResource(file, classLoader).exists()) {
                return "classpath:" + file;
            }
        }
        return null;
    }
}
