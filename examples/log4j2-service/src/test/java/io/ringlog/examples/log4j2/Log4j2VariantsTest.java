package io.ringlog.examples.log4j2;

import io.ringlog.examples.testing.LoggingVariantsContract;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.junit.jupiter.params.provider.Arguments;

class Log4j2VariantsTest extends LoggingVariantsContract {

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
        String boots = "root=LoggerConfig [ConsoleAppender, RollingFileAppender]";
        return Stream.of(
                Arguments.of("", false, boots, "[]"),
                Arguments.of("", true, ring, "[\"Ringlog RINGLOG\"]"),
                Arguments.of("ecs", true, ring, "[\"Ringlog RINGLOG\"]"),
                Arguments.of("logstash", true, ring, "[\"Ringlog RINGLOG\"]"),
                // after the starter was on in this JVM: the follower must not wrap this application's logging
                Arguments.of("", false, boots, "[]"));
    }

    /**
     * Spring Boot takes the running configuration of Log4j2's context for the application's own (Log4J2LoggingSystem's
     * self-initialisation): in a fresh JVM that is Log4j2's default, which has no location, and Boot applies its own
     * defaults; here it would be the configuration the test before loaded. In production one application runs per JVM;
     * here each goes as in a fresh JVM. The starter's follower of reconfigurations stays: it pauses when an application
     * starts and applies only the properties of the application that started last, so a case with
     * {@code ringlog.enabled=false} after one with the starter on stays synchronous (its root logger is checked).
     */
    @Override
    protected void forgetTheConfigurationOfTheApplicationBefore() {
        Configurator.reconfigure(new DefaultConfiguration());
    }

    @Override
    protected String describeRootLogger() {
        LoggerConfig root = ((LoggerContext) LogManager.getContext(false)).getConfiguration().getRootLogger();
        return "root=" + root.getClass().getSimpleName() + " " + root.getAppenders().values().stream()
                .map(a -> a.getClass().getSimpleName()).sorted().toList();
    }
}
