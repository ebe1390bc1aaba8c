package io.ringlog.log4j2;

import io.opentelemetry.context.Context;
import io.opentelemetry.instrumentation.log4j.appender.v2_17.internal.ContextDataKeys;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A plain test target ({@code <ContextRecording>}) that records, per message, the OpenTelemetry context current when it
 * appends and the context that OpenTelemetry's context-data injector put in the event's context data, if any.
 * Thread-safe.
 */
@Plugin(name = "ContextRecording", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class ContextRecordingAppender extends AbstractAppender {
    private final Map<String, Context> current = new ConcurrentHashMap<>();
    private final Map<String, Context> inContextData = new ConcurrentHashMap<>();

    private ContextRecordingAppender(String name) {
        super(name, null, null, true, Property.EMPTY_ARRAY);
    }

    /** The plugin factory. */
    @PluginFactory
    public static ContextRecordingAppender create(@PluginAttribute("name") String name) {
        return new ContextRecordingAppender(name);
    }

    @Override
    public void append(LogEvent event) {
        String message = event.getMessage().getFormattedMessage();
        current.put(message, Context.current());
        Object injected = event.getContextData().getValue(ContextDataKeys.OTEL_CONTEXT_DATA_KEY);
        if (injected instanceof Context) {
            inContextData.put(message, (Context) injected);
        }
    }

    /** The context current at each message's append, by message. */
    Map<String, Context> current() {
        return current;
    }

    /** The context each message carried in its context data, by message. */
    Map<String, Context> inContextData() {
        return inContextData;
    }
}
