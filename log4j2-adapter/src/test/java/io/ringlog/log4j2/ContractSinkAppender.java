package io.ringlog.log4j2;

import io.ringlog.contract.ContractHarness;
import io.ringlog.contract.TestSinks;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * The contract's test appenders for Log4j2 ({@code <ContractSink>}), one plugin with a {@code role}: {@code gated}
 * (the default) reports {@code <ThreadContext user>|<formatted message>} to the sink named like the appender;
 * {@code failing} throws (a RuntimeException on "boom", an Error on "fatal-error") and takes everything else
 * silently; {@code reentrant} logs 50 ERROR events to the contract logger of its own LoggerContext on "trigger",
 * then reports each message it receives; {@code slow} spends {@link TestSinks#SLOW_SINK_COST_NANOS} on each event
 * and keeps nothing. Declare {@code failing} with {@code ignoreExceptions="false"} so that its
 * exceptions leave the AppenderControl and reach RingAsync's dispatcher.
 */
@Plugin(name = "ContractSink", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class ContractSinkAppender extends AbstractAppender {

    private final String role;
    private final Configuration configuration;

    private ContractSinkAppender(String name, String role, boolean ignoreExceptions, Configuration configuration) {
        super(name, null, null, ignoreExceptions, Property.EMPTY_ARRAY);
        this.role = role;
        this.configuration = configuration;
    }

    /** The plugin factory. */
    @PluginFactory
    public static ContractSinkAppender create(@PluginAttribute("name") String name,
                                              @PluginAttribute(value = "role", defaultString = "gated") String role,
                                              @PluginAttribute(value = "ignoreExceptions", defaultBoolean = true) boolean ignoreExceptions,
                                              @PluginConfiguration Configuration configuration) {
        return new ContractSinkAppender(name, role, ignoreExceptions, configuration);
    }

    @Override
    public void append(LogEvent event) {
        if ("slow".equals(role)) {
            TestSinks.payTheSlowSinksCost();
            return;
        }
        String message = event.getMessage().getFormattedMessage();
        try {
            switch (role) {
                case "failing":
                    if (message.contains("fatal-error")) {
                        throw new SimulatedError("fatal-error requested by the contract");
                    }
                    if (message.contains("boom")) {
                        throw new IllegalStateException("boom requested by the contract");
                    }
                    return;
                case "reentrant":
                    if ("trigger".equals(message)) {
                        LoggerContext context = configuration.getLoggerContext();
                        for (int i = 0; i < 50; i++) {
                            context.getLogger(ContractHarness.LOGGER).error("reentrant {}", i);
                        }
                    }
                    TestSinks.get(getName()).deliver(message);
                    return;
                default:
                    String user = event.getContextData().getValue("user");
                    TestSinks.get(getName()).deliver((user == null ? "" : user) + "|" + message);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The Error the failing role throws on "fatal-error". */
    static final class SimulatedError extends Error {
        private static final long serialVersionUID = 1L;

        SimulatedError(String message) {
            super(message);
        }
    }
}
