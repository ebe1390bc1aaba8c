package io.ringlog.examples.log4j2;

import io.ringlog.examples.testing.LoggingVariantsContract;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
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

    @Override
    protected String describeRootLogger() {
        LoggerConfig root = ((LoggerContext) LogManager.getContext(false)).getConfiguration().getRootLogger();
        return "root=" + root.getClass().getSimpleName() + " " + root.getAppenders().values().stream()
                .map(a -> a.getClass().getSimpleName()).sorted().toList();
    }
}
