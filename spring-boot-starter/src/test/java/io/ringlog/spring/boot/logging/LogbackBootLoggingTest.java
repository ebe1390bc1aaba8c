package io.ringlog.spring.boot.logging;

/** Spring Boot's default Logback configuration (Boot's default framework) behind Ringlog. */
class LogbackBootLoggingTest extends BootLoggingContract {

    @Override
    protected FrameworkView view() {
        return new LogbackView();
    }
}
