package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.FileAppender;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.event.KeyValuePair;

/**
 * A file appender that masks the value of every {@code card} key/value pair in place before it writes the event, as
 * in-house masking and enrichment appenders do ({@code subAppend} overridden, then {@code super.subAppend}). Its file
 * must never hold an unmasked value, whatever thread encodes.
 */
public class MaskingFileAppender extends FileAppender<ILoggingEvent> {

    static final String MASK = "****";

    @Override
    protected void subAppend(ILoggingEvent event) {
        List<KeyValuePair> pairs = event.getKeyValuePairs();
        if (pairs != null && event instanceof LoggingEvent) {
            List<KeyValuePair> masked = new ArrayList<>(pairs.size());
            for (KeyValuePair pair : pairs) {
                masked.add("card".equals(pair.key) ? new KeyValuePair(pair.key, MASK) : pair);
            }
            ((LoggingEvent) event).setKeyValuePairs(masked);
        }
        super.subAppend(event);
    }
}
