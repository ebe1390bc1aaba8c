package io.ringlog.logback;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;

/**
 * A downstream test appender that stops its whole LoggerContext when it receives the message set by
 * {@code <stopOn>}: what a child does that calls {@code System.exit} or shuts the application down from inside a
 * delivery, on Ringlog's consumer thread.
 */
public class ContextStoppingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {
    private String stopOn;

    public void setStopOn(String stopOn) {
        this.stopOn = stopOn;
    }

    @Override
    protected void append(ILoggingEvent event) {
        if (event.getFormattedMessage().equals(stopOn)) {
            ((LoggerContext) getContext()).stop();
        }
    }
}
