package io.ringlog.log4j2;

import io.ringlog.contract.Latches;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginElement;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A test target ({@code <Gate>}): records what it receives, and can hold its caller at a gate ({@code closed="true"}
 * until {@link #open()}), take {@code delayMicros} per event (a slow downstream), throw on messages containing
 * {@code failOn} (an {@link Error} if the message also contains "error"), and log a {@code "nested ..."} event to
 * {@code nestedLogger} for each event it takes; a {@code <Filter>} of its own is honoured. Thread-safe.
 */
@Plugin(name = "Gate", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class GateAppender extends AbstractAppender {

    /** What one append saw. */
    public record Received(String message, Level level, String thread, boolean endOfBatch, Map<String, String> context,
                           StackTraceElement source, Object[] parameters) {
    }

    private final CountDownLatch gate;
    private final AtomicInteger entered = new AtomicInteger();
    private final long delayNanos;
    private final String failOn;
    private final String nestedLogger;
    private final Configuration configuration;
    private final List<Received> received = new ArrayList<>();

    private GateAppender(String name, Filter filter, boolean closed, long delayMicros, String failOn, String nestedLogger,
                         boolean ignoreExceptions, Configuration configuration) {
        super(name, filter, null, ignoreExceptions, Property.EMPTY_ARRAY);
        this.gate = new CountDownLatch(closed ? 1 : 0);
        this.delayNanos = TimeUnit.MICROSECONDS.toNanos(delayMicros);
        this.failOn = failOn;
        this.nestedLogger = nestedLogger;
        this.configuration = configuration;
    }

    /** The plugin factory. */
    @PluginFactory
    public static GateAppender create(@PluginAttribute("name") String name,
                                      @PluginAttribute(value = "closed", defaultBoolean = false) boolean closed,
                                      @PluginAttribute(value = "delayMicros", defaultLong = 0) long delayMicros,
                                      @PluginAttribute("failOn") String failOn,
                                      @PluginAttribute("nestedLogger") String nestedLogger,
                                      @PluginAttribute(value = "ignoreExceptions", defaultBoolean = true) boolean ignoreExceptions,
                                      @PluginElement("Filter") Filter filter,
                                      @PluginConfiguration Configuration configuration) {
        return new GateAppender(name, filter, closed, delayMicros, failOn, nestedLogger, ignoreExceptions, configuration);
    }

    @Override
    public void append(LogEvent event) {
        entered.incrementAndGet();
        awaitOpen();
        if (delayNanos > 0) {
            long end = System.nanoTime() + delayNanos;
            while (System.nanoTime() < end) {
                LockSupport.parkNanos(end - System.nanoTime());
            }
        }
        String text = event.getMessage().getFormattedMessage();
        if (failOn != null && text.contains(failOn)) {
            if (text.contains("error")) {
                throw new Error("Gate " + getName() + " fails on purpose: " + text);
            }
            throw new IllegalStateException("Gate " + getName() + " fails on purpose: " + text);
        }
        Object[] parameters = event.getMessage().getParameters();
        Received entry = new Received(text, event.getLevel(), Thread.currentThread().getName(), event.isEndOfBatch(),
                event.getContextData().toMap(), event.getSource(), parameters == null ? null : parameters.clone());
        synchronized (received) {
            received.add(entry);
        }
        if (nestedLogger != null && !text.startsWith("nested")) {
            configuration.getLoggerContext().getLogger(nestedLogger).info("nested {}", text);
        }
    }

    private void awaitOpen() {
        Latches.awaitThroughInterrupts(gate, 60, TimeUnit.SECONDS, "Gate " + getName() + " was never opened");
    }

    /** Lets every held and later caller through. */
    public void open() {
        gate.countDown();
    }

    /** How many appends began (including those held at the gate). */
    public int entered() {
        return entered.get();
    }

    /** A copy of what was recorded, in order. */
    public List<Received> received() {
        synchronized (received) {
            return new ArrayList<>(received);
        }
    }

    /** The recorded messages, in order. */
    public List<String> messages() {
        return received().stream().map(Received::message).toList();
    }

    /** The number of recorded events. */
    public int count() {
        synchronized (received) {
            return received.size();
        }
    }
}
