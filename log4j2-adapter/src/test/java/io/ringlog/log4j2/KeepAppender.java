package io.ringlog.log4j2;

import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/** A test target ({@code <Keep>}) that keeps each event's {@link LogEvent#toImmutable()} copy, as Log4j2 requires of a target that keeps events. Thread-safe. */
@Plugin(name = "Keep", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class KeepAppender extends AbstractAppender {
    private final List<LogEvent> kept = new ArrayList<>();

    private KeepAppender(String name) {
        super(name, null, null, true, Property.EMPTY_ARRAY);
    }

    /** The plugin factory. */
    @PluginFactory
    public static KeepAppender create(@PluginAttribute("name") String name) {
        return new KeepAppender(name);
    }

    @Override
    public void append(LogEvent event) {
        LogEvent copy = event.toImmutable();
        synchronized (kept) {
            kept.add(copy);
        }
    }

    /** The copies, in order. */
    public List<LogEvent> kept() {
        synchronized (kept) {
            return new ArrayList<>(kept);
        }
    }
}
