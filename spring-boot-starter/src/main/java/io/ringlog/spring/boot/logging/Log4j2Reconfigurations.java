package io.ringlog.spring.boot.logging;

import io.ringlog.spring.boot.RinglogProperties;
import java.beans.PropertyChangeEvent;
import java.beans.PropertyChangeListener;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Follows a Log4j2 context's reconfigurations ({@code LoggerContext.reconfigure()}, from JMX or code, reloads Spring
 * Boot's default configuration without Ringlog's appender): each new configuration that is Boot's default gets the
 * appender again. One per context, kept in the context's objects; the latest {@code ringlog.*} properties apply.
 * Paused from the start of a new {@code SpringApplication} run until the starter has wrapped with that run's properties
 * (tests start several applications in one JVM, each initialising logging). Log4j2 calls it on the thread that reconfigures, after the new configuration has started.
 */
final class Log4j2Reconfigurations implements PropertyChangeListener {
    private static final String KEY = Log4j2Reconfigurations.class.getName();

    private final LoggerContext context;
    private RinglogProperties properties; // guarded by this: set by the initialising thread, read by the reconfiguring one
    private boolean paused; // guarded by this

    private Log4j2Reconfigurations(LoggerContext context, RinglogProperties properties) {
        this.context = context;
        this.properties = properties;
    }

    /** Starts following {@code context}, or has the one following it apply {@code properties} from now on. */
    static void follow(LoggerContext context, RinglogProperties properties) {
        Log4j2Reconfigurations created = new Log4j2Reconfigurations(context, properties);
        Object existing = context.putObjectIfAbsent(KEY, created);
        if (existing instanceof Log4j2Reconfigurations) {
            ((Log4j2Reconfigurations) existing).apply(properties);
        } else if (existing == null) {
            context.addPropertyChangeListener(created);
        }
    }

    /** Until the next {@link #follow}, a reconfiguration of {@code context} is left to the starter's listener. */
    static void pause(LoggerContext context) {
        Object existing = context.getObject(KEY);
        if (existing instanceof Log4j2Reconfigurations) {
            ((Log4j2Reconfigurations) existing).pause();
        }
    }

    private synchronized void apply(RinglogProperties latest) {
        properties = latest;
        paused = false;
    }

    private synchronized void pause() {
        paused = true;
    }

    /** The properties to wrap with, or null while paused. */
    private synchronized RinglogProperties properties() {
        return paused ? null : properties;
    }

    @Override
    public void propertyChange(PropertyChangeEvent event) {
        RinglogProperties current = properties();
        if (LoggerContext.PROPERTY_CONFIG.equals(event.getPropertyName()) && event.getNewValue() instanceof Configuration
                && current != null && current.isEnabled()) {
            BootLogging outcome = Log4j2BootAppenders.wrap(context, (Configuration) event.getNewValue(), current);
            // The StatusLogger, not the application's loggers: the configuration is being replaced.
            StatusLogger.getLogger().debug("Ringlog, after a Log4j2 reconfiguration: {}", outcome.describe());
        }
    }
}
