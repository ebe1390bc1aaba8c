package io.ringlog.examples.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import io.ringlog.examples.testing.LoggingVariantsContract;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.slf4j.LoggerFactory;

class LogbackVariantsTest extends LoggingVariantsContract {

    LogbackVariantsTest() {
        super(LogbackServiceApplication.class);
    }

    static Stream<Arguments> variants() {
        return Stream.of(
                Arguments.of("", "io.ringlog.logback.RingAsyncAppender", "[\"Ringlog RINGLOG\"]"),
                Arguments.of("stock-async", "ch.qos.logback.classic.AsyncAppender", "[\"AsyncAppender STOCK_ASYNC\"]"),
                Arguments.of("sync", "ch.qos.logback.core.rolling.RollingFileAppender", "[]"));
    }

    static Stream<Arguments> bootDefaults() {
        String ring = "[io.ringlog.logback.RingAsyncAppender]";
        String boots = "[ch.qos.logback.core.ConsoleAppender, ch.qos.logback.core.rolling.RollingFileAppender]";
        return Stream.of(
                Arguments.of("", false, boots, "[]"),
                Arguments.of("", true, ring, "[\"Ringlog RINGLOG\"]"),
                Arguments.of("ecs", true, ring, "[\"Ringlog RINGLOG\"]"),
                Arguments.of("logstash", true, ring, "[\"Ringlog RINGLOG\"]"),
                // after the starter was on in this JVM: what it left behind must not wrap this application's logging
                Arguments.of("", false, boots, "[]"));
    }

    @Override
    protected String describeRootLogger() {
        Logger root = ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(Logger.ROOT_LOGGER_NAME);
        List<String> appenders = new ArrayList<>();
        for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext(); ) {
            appenders.add(it.next().getClass().getName());
        }
        appenders.sort(null);
        return appenders.toString();
    }
}
