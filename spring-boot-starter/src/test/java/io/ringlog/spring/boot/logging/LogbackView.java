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

/** Spring Boot's default Logback configuration (Boot's default framework), as the starter tests read it. */
final class LogbackView implements FrameworkView {

    @Override
    public List<String> rootAppenders() {
        return names(root().iteratorForAppenders());
    }

    @Override
    public List<String> ringlogTargets() {
        return names(((RingAsyncAppender) root().getAppender(RinglogLoggingListener.APPENDER_NAME)).iteratorForAppenders());
    }

    @Override
    public List<String> bootAppenders() {
        return List.of("CONSOLE", "FILE");
    }

    @Override
    public String callerEncoding() {
        return ((RingAsyncAppender) root().getAppender(RinglogLoggingListener.APPENDER_NAME)).getCallerEncoding();
    }

    @Override
    public String framework() {
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
