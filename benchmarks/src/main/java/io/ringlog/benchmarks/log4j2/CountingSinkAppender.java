package io.ringlog.benchmarks.log4j2;

import io.ringlog.benchmarks.support.SinkCounters;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * The benchmark sink for Log4j2, {@code <CountingSink name="..." spinNanos="0" parkNanos="0"/>}: formats each
 * event's message, counts it, and optionally charges a fixed cost per event (busy or idle, serialised like one
 * device). Any thread.
 */
@Plugin(name = "CountingSink", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE)
public final class CountingSinkAppender extends AbstractAppender {

    private final long spinNanos;
    private final long parkNanos;

    private CountingSinkAppender(String name, long spinNanos, long parkNanos) {
        super(name, null, null, true, Property.EMPTY_ARRAY);
        this.spinNanos = spinNanos;
        this.parkNanos = parkNanos;
    }

    /** The plugin factory. */
    @PluginFactory
    public static CountingSinkAppender create(@PluginAttribute("name") String name,
                                              @PluginAttribute(value = "spinNanos", defaultLong = 0) long spinNanos,
                                              @PluginAttribute(value = "parkNanos", defaultLong = 0) long parkNanos) {
        return new CountingSinkAppender(name, spinNanos, parkNanos);
    }

    @Override
    public void append(LogEvent event) {
        SinkCounters.deliver(event.getMessage().getFormattedMessage(), spinNanos, parkNanos);
    }
}
