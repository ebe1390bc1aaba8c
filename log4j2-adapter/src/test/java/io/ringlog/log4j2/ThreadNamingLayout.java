package io.ringlog.log4j2;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;
import org.apache.logging.log4j.core.layout.AbstractStringLayout;

/**
 * A test layout ({@code <ThreadNaming/>}) that makes a String per event, as Spring Boot's structured layouts do:
 * {@code "<level> <message> by <thread that encoded it>"}, so that a test sees where the event was encoded. Thread-safe.
 */
@Plugin(name = "ThreadNaming", category = Node.CATEGORY, elementType = Layout.ELEMENT_TYPE, printObject = true)
public final class ThreadNamingLayout extends AbstractStringLayout {
    private final AtomicInteger calls = new AtomicInteger();

    private ThreadNamingLayout() {
        super(StandardCharsets.UTF_8);
    }

    /** The plugin factory. */
    @PluginFactory
    public static ThreadNamingLayout create() {
        return new ThreadNamingLayout();
    }

    @Override
    public String toSerializable(LogEvent event) {
        calls.incrementAndGet();
        return event.getLevel() + " " + event.getMessage().getFormattedMessage() + " by " + Thread.currentThread().getName()
                + System.lineSeparator();
    }

    /** How many events this layout encoded. */
    int calls() {
        return calls.get();
    }
}
