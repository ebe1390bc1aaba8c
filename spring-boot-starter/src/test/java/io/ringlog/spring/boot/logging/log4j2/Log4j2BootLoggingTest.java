package io.ringlog.spring.boot.logging.log4j2;

import io.ringlog.log4j2.RingAsyncAppender;
import io.ringlog.spring.boot.logging.BootLoggingContract;
import io.ringlog.spring.boot.logging.RinglogLoggingListener;
import java.util.Arrays;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;

/** Spring Boot's default Log4j2 configuration (spring-boot-starter-log4j2) behind Ringlog. */
class Log4j2BootLoggingTest extends BootLoggingContract {

    @Override
    protected List<String> rootAppenders() {
        return List.copyOf(configuration().getRootLogger().getAppenders().keySet());
    }

    @Override
    protected List<String> ringlogTargets() {
        RingAsyncAppender ring = configuration().getAppender(RinglogLoggingListener.APPENDER_NAME);
        return Arrays.asList(ring.getAppenderRefStrings());
    }

    @Override
    protected List<String> bootAppenders() {
        return List.of("Console", "File");
    }

    @Override
    protected String framework() {
        return "log4j2";
    }

    static Configuration configuration() {
        return ((LoggerContext) LogManager.getContext(false)).getConfiguration();
    }
}
