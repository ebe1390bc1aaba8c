package io.ringlog.spring.boot.logging.log4j2;

import io.ringlog.spring.boot.logging.BootLoggingContract;
import io.ringlog.spring.boot.logging.FrameworkView;

/** Spring Boot's default Log4j2 configuration (spring-boot-starter-log4j2) behind Ringlog. */
class Log4j2BootLoggingTest extends BootLoggingContract {

    @Override
    protected FrameworkView view() {
        return new Log4j2View();
    }
}
