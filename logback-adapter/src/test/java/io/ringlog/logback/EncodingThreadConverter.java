package io.ringlog.logback;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * A pattern conversion word ({@code <conversionRule conversionWord="encodingThread" converterClass="...">}) that prints
 * the name of the thread encoding the event, so that a file shows, line by line, where each event was encoded while
 * its encoder stays Logback's own {@code PatternLayoutEncoder}. Stateless, as Logback's converters are.
 */
public class EncodingThreadConverter extends ClassicConverter {

    @Override
    public String convert(ILoggingEvent event) {
        return Thread.currentThread().getName();
    }
}
