package io.ringlog.benchmarks.heap;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/** The {@link HeldSink} as a Log4j2 appender, {@code <HeldSink name="HELD"/>}: it touches nothing of the event. Any thread. */
@Plugin(name = "HeldSink", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE)
public final class HeldSinkAppender extends AbstractAppender {

    private HeldSinkAppender(String name) {
        super(name, null, null, true, Property.EMPTY_ARRAY);
    }

    /** The plugin factory. */
    @PluginFactory
    public static HeldSinkAppender create(@PluginAttribute("name") String name) {
        return new HeldSinkAppender(name);
    }

    @Override
    public void append(LogEvent event) {
        HeldSink.deliver();
    }
}
