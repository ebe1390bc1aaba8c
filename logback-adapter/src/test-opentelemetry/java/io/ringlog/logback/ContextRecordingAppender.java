package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import io.opentelemetry.context.Context;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A plain test child that records, per message, the OpenTelemetry context current when it appends. Thread-safe. */
public class ContextRecordingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    private final Map<String, Context> seen = new ConcurrentHashMap<>();

    @Override
    protected void append(ILoggingEvent event) {
        seen.put(event.getFormattedMessage(), Context.current());
    }

    /** The context current at each message's append, by message. */
    Map<String, Context> seen() {
        return seen;
    }
}
