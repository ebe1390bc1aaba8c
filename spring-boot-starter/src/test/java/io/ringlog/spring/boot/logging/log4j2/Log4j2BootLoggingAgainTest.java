package io.ringlog.spring.boot.logging.log4j2;

import io.ringlog.spring.boot.logging.BootLoggingAgainContract;
import io.ringlog.spring.boot.logging.FrameworkView;

/** Log4j2: Spring Boot's reinitialisation reconfigures the context, which {@code Log4j2Reconfigurations} follows. */
class Log4j2BootLoggingAgainTest extends BootLoggingAgainContract {

    @Override
    protected FrameworkView view() {
        return new Log4j2View();
    }
}
