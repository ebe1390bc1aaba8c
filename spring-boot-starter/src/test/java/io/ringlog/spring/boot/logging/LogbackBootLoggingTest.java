package io.ringlog.spring.boot.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import io.ringlog.logback.RingAsyncAppender;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.slf4j.LoggerFactory;

/** Spring Boot's default Logback configuration (Boot's default framework) behind Ringlog. */
class LogbackBootLoggingTest extends BootLoggingContract {

    @Override
    protected List<String> rootAppenders() {
        return names(root().iteratorForAppenders());
    }

    @Override
    protected List<String> ringlogTargets() {
        return names(((RingAsyncAppender) root().getAppender(RinglogLoggingListener.APPENDER_NAME)).iteratorForAppenders());
    }

    @Override
    protected List<String> bootAppenders() {
        return List.of("CONSOLE", "FILE");
    }

    @Override
    protected String framework() {
        return "logback";
    }

    static Logger root() {
        return ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(Logger.ROOT_LOGGER_NAME);
    }

    static List<String> names(Iterator<Appender<ILoggingEvent>> appenders) {
        List<String> names = new ArrayList<>();
        appenders.forEachRemaining(a -> names.add(a.getName()));
        return names;
    }
}
