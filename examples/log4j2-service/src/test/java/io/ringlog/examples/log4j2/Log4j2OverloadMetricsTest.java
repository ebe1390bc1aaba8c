package io.ringlog.examples.log4j2;

import io.ringlog.core.PipelineStats;
import io.ringlog.examples.testing.OverloadMetricsContract;
import io.ringlog.log4j2.RingAsyncAppender;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

// Closed after the class: the other tests re-initialize Log4j2 in the same JVM.
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = "logging.file.name=target/test-logs/overload/service.log")
@ActiveProfiles("overload")
@DirtiesContext
class Log4j2OverloadMetricsTest extends OverloadMetricsContract {

    @Override
    protected String framework() {
        return "log4j2";
    }

    @Override
    protected String appenderName() {
        return "OUT";
    }

    @Override
    protected PipelineStats appenderStats() {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        return context.getConfiguration().<RingAsyncAppender>getAppender(appenderName()).getStats();
    }
}
