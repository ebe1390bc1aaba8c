package io.ringlog.benchmarks.heap;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;

/** The {@link HeldSink} as a Logback appender: it touches nothing of the event. Any thread. */
public final class HeldAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    @Override
    protected void append(ILoggingEvent event) {
        HeldSink.deliver();
    }
}
