package io.ringlog.log4j2;

import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.pattern.ConverterKeys;
import org.apache.logging.log4j.core.pattern.LogEventPatternConverter;
import org.apache.logging.log4j.core.pattern.PatternConverter;

/**
 * A test pattern converter, {@code %layoutThread}: the name of the thread that runs the layout. Synchronous logging
 * writes the caller's; behind RingAsync, a target encoded on the callers' threads writes the caller's too, and one
 * called on the consumer thread writes {@code ringlog-<name>}. Thread-safe.
 */
@Plugin(name = "LayoutThreadConverter", category = PatternConverter.CATEGORY)
@ConverterKeys("layoutThread")
public final class LayoutThreadConverter extends LogEventPatternConverter {

    private LayoutThreadConverter() {
        super("layoutThread", "layoutThread");
    }

    /** The plugin factory. */
    public static LayoutThreadConverter newInstance(String[] options) {
        return new LayoutThreadConverter();
    }

    @Override
    public void format(LogEvent event, StringBuilder toAppendTo) {
        toAppendTo.append(Thread.currentThread().getName());
    }
}
