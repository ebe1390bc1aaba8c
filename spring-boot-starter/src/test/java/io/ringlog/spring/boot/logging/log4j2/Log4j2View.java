package io.ringlog.spring.boot.logging.log4j2;

import io.ringlog.log4j2.RingAsyncAppender;
import io.ringlog.spring.boot.logging.FrameworkView;
import io.ringlog.spring.boot.logging.RinglogLoggingListener;
import java.util.Arrays;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;

/** Spring Boot's default Log4j2 configuration (spring-boot-starter-log4j2), as the starter tests read it. */
final class Log4j2View implements FrameworkView {

    @Override
    public List<String> rootAppenders() {
        return List.copyOf(configuration().getRootLogger().getAppenders().keySet());
    }

    @Override
    public List<String> ringlogTargets() {
        RingAsyncAppender ring = configuration().getAppender(RinglogLoggingListener.APPENDER_NAME);
        return Arrays.asList(ring.getAppenderRefStrings());
    }

    @Override
    public List<String> bootAppenders() {
        return List.of("Console", "File");
    }

    @Override
    public String callerEncoding() {
        RingAsyncAppender ring = configuration().getAppender(RinglogLoggingListener.APPENDER_NAME);
        return ring.getCallerEncoding();
    }

    @Override
    public String framework() {
        return "log4j2";
    }

    static Configuration configuration() {
        return ((LoggerContext) LogManager.getContext(false)).getConfiguration();
    }
}
