package io.ringlog.examples.logback;

import io.ringlog.examples.testing.RequestLoggingContract;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.annotation.DirtiesContext;

// Closed after the class: LogbackVariantsTest re-initializes Logback in the same JVM.
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = "logging.file.name=target/test-logs/request-logging/service.log")
@DirtiesContext
class LogbackRequestLoggingTest extends RequestLoggingContract {
}
