package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;

/**
 * A downstream test appender that throws out of {@code doAppend} (which Logback's base class would
 * otherwise catch): a RuntimeException for messages containing "throw-runtime", an Error for "throw-error".
 */
public class ThrowingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    /** The Error this appender throws; a distinct type so that tests can recognise it. */
    static final class SimulatedError extends Error {
        private static final long serialVersionUID = 1L;

        SimulatedError(String message) {
            super(message);
        }
    }

    @Override
    public void doAppend(ILoggingEvent event) {
        String message = event.getFormattedMessage();
        if (message.contains("throw-runtime")) {
            throw new IllegalStateException("simulated failure on " + message);
        }
        if (message.contains("throw-error")) {
            throw new SimulatedError("simulated error on " + message);
        }
        super.doAppend(event);
    }

    @Override
    protected void append(ILoggingEvent event) {
        // Accepts everything else silently.
    }
}
