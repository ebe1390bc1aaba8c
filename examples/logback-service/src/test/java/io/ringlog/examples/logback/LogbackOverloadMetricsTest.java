package io.ringlog.examples.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import io.ringlog.core.PipelineStats;
import io.ringlog.examples.testing.OverloadMetricsContract;
import io.ringlog.logback.RingAsyncAppender;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

// Closed after the class: the other tests re-initialize Logback in the same JVM.
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = "logging.file.name=target/test-logs/overload/service.log")
@ActiveProfiles("overload")
@DirtiesContext
class LogbackOverloadMetricsTest extends OverloadMetricsContract {

    @Override
    protected String framework() {
        return "logback";
    }

    @Override
    protected String appenderName() {
        return "RINGLOG";
    }

    @Override
    protected PipelineStats appenderStats() {
        Logger root = ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(Logger.ROOT_LOGGER_NAME);
        return ((RingAsyncAppender) root.getAppender(appenderName())).getStats();
    }
}
