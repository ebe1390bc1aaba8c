package io.ringlog.examples.log4j2;

import io.ringlog.examples.testing.LoggingVariantsContract;
import java.beans.PropertyChangeListener;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.junit.jupiter.params.provider.Arguments;

class Log4j2VariantsTest extends LoggingVariantsContract {

    /** The key of the starter's follower of reconfigurations in the Log4j2 context's objects. */
    private static final String STARTER_FOLLOWER = "io.ringlog.spring.boot.logging.Log4j2Reconfigurations";

    Log4j2VariantsTest() {
        super(Log4j2ServiceApplication.class);
    }

    static Stream<Arguments> variants() {
        return Stream.of(
                Arguments.of("", "root=LoggerConfig [ConsoleAppender, RingAsyncAppender]", "[\"Ringlog OUT\"]"),
                Arguments.of("stock-async", "root=LoggerConfig [AsyncAppender, ConsoleAppender]", "[\"Async OUT\"]"),
                Arguments.of("async-loggers", "root=AsyncLoggerConfig [ConsoleAppender, RollingFileAppender]",
                        "[\"Async Loggers' ring\"]"),
                Arguments.of("sync", "root=LoggerConfig [ConsoleAppender, RollingFileAppender]", "[]"));
    }

    static Stream<Arguments> bootDefaults() {
        String ring = "root=LoggerConfig [RingAsyncAppender]";
        return Stream.of(
                Arguments.of("", false, "root=LoggerConfig [ConsoleAppender, RollingFileAppender]", "[]"),
                Arguments.of("", true, ring, "[\"Ringlog RINGLOG\"]"),
                Arguments.of("ecs", true, ring, "[\"Ringlog RINGLOG\"]"),
                Arguments.of("logstash", true, ring, "[\"Ringlog RINGLOG\"]"));
    }

    /**
     * Spring Boot takes the running configuration of Log4j2's context for the application's own (Log4J2LoggingSystem's
     * self-initialisation): in a fresh JVM that is Log4j2's default, which has no location, and Boot applies its own
     * defaults; here it would be the configuration the test before loaded. And the starter follows the context's
     * reconfigurations with the settings of the application that started it (kept in the context's objects under its
     * class name): a later application's {@code ringlog.enabled=false} would still get Ringlog's appender. In production
     * one application runs per JVM; here both go, as in a fresh JVM.
     */
    @Override
    protected void forgetTheConfigurationOfTheApplicationBefore() {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        if (context.removeObject(STARTER_FOLLOWER) instanceof PropertyChangeListener follower) {
            context.removePropertyChangeListener(follower);
        }
        Configurator.reconfigure(new DefaultConfiguration());
    }

    @Override
    protected String describeRootLogger() {
        LoggerConfig root = ((LoggerContext) LogManager.getContext(false)).getConfiguration().getRootLogger();
        return "root=" + root.getClass().getSimpleName() + " " + root.getAppenders().values().stream()
                .map(a -> a.getClass().getSimpleName()).sorted().toList();
    }
}
