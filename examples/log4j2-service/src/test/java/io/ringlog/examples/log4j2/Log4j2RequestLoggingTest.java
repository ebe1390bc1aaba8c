package io.ringlog.examples.log4j2;

import io.ringlog.examples.testing.RequestLoggingContract;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.annotation.DirtiesContext;

// Closed after the class: Log4j2VariantsTest re-initializes Log4j2 in the same JVM.
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = "logging.file.name=target/test-logs/request-logging/service.log")
@DirtiesContext
class Log4j2RequestLoggingTest extends RequestLoggingContract {
}
