package io.ringlog.log4j2;

import io.ringlog.core.StatusReporter;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * The pipeline's status channel on Log4j2's {@link StatusLogger}: shown according to
 * {@code <Configuration status="...">} (drop summaries are WARN; failures and drain losses ERROR). Any thread;
 * never logs through an appender.
 */
final class StatusLoggerReporter implements StatusReporter {
    private static final Logger LOGGER = StatusLogger.getLogger();

    @Override
    public void info(String message) {
        LOGGER.info(message);
    }

    @Override
    public void warn(String message) {
        LOGGER.warn(message);
    }

    @Override
    public void error(String message, Throwable cause) {
        if (cause == null) {
            LOGGER.error(message);
        } else {
            LOGGER.error(message, cause);
        }
    }
}
