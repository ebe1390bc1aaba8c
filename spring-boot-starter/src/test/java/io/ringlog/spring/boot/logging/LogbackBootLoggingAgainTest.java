package io.ringlog.spring.boot.logging;

/** Logback: Spring Boot's reinitialisation stops the context, which removes every context listener. */
class LogbackBootLoggingAgainTest extends BootLoggingAgainContract {

    @Override
    protected FrameworkView view() {
        return new LogbackView();
    }
}
