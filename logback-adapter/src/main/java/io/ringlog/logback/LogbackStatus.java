package io.ringlog.logback;

import ch.qos.logback.core.spi.ContextAware;
import io.ringlog.core.StatusReporter;

/**
 * Routes the core's reports into Logback's status manager, with the appender as their origin, so they
 * appear where Logback users look for them ({@code <statusListener>}, {@code debug="true"}). Any thread.
 */
final class LogbackStatus implements StatusReporter {

    private final ContextAware origin;

    LogbackStatus(ContextAware origin) {
        this.origin = origin;
    }

    @Override
    public void info(String message) {
        origin.addInfo(message);
    }

    @Override
    public void warn(String message) {
        origin.addWarn(message);
    }

    @Override
    public void error(String message, Throwable cause) {
        origin.addError(message, cause);
    }
}
