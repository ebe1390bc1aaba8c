package io.ringlog.log4j2;

import io.ringlog.contract.InjectedFaults;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A test target that injects the faults of {@link InjectedFaults} ({@code <Faulty>}, with the attributes
 * {@code failEvery}, {@code errorOn}, {@code stallOn}, {@code stallMillis} and {@code blockOn}). With
 * {@code ignoreExceptions="false"} Log4j2 passes the exception on to RingAsync. Thread-safe.
 */
@Plugin(name = "Faulty", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class FaultyAppender extends AbstractAppender {

    private final InjectedFaults faults;

    private FaultyAppender(String name, InjectedFaults faults, boolean ignoreExceptions) {
        super(name, null, null, ignoreExceptions, Property.EMPTY_ARRAY);
        this.faults = faults;
    }

    /** The plugin factory. */
    @PluginFactory
    public static FaultyAppender create(@PluginAttribute("name") String name,
                                        @PluginAttribute(value = "failEvery", defaultInt = 0) int failEvery,
                                        @PluginAttribute("errorOn") String errorOn,
                                        @PluginAttribute("stallOn") String stallOn,
                                        @PluginAttribute(value = "stallMillis", defaultLong = 1500) long stallMillis,
                                        @PluginAttribute("blockOn") String blockOn,
                                        @PluginAttribute(value = "ignoreExceptions", defaultBoolean = true) boolean ignoreExceptions) {
        InjectedFaults faults = new InjectedFaults();
        faults.setFailEvery(failEvery);
        faults.setErrorOn(errorOn);
        faults.setStallOn(stallOn);
        faults.setStallMillis(stallMillis);
        faults.setBlockOn(blockOn);
        return new FaultyAppender(name, faults, ignoreExceptions);
    }

    @Override
    public void append(LogEvent event) {
        faults.inject(event.getMessage().getFormattedMessage(), getName());
    }

    /** What this target injects, and how often it did. */
    InjectedFaults faults() {
        return faults;
    }
}
