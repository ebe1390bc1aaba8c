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
 * Log4j2 calls it on the thread that reconfigures, after the new configuration has started.
 */
final class Log4j2Reconfigurations implements PropertyChangeListener {
    private static final String KEY = Log4j2Reconfigurations.class.getName();

    private final LoggerContext context;
    private RinglogProperties properties; // guarded by this: set by the initialising thread, read by the reconfiguring one

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

    private synchronized void apply(RinglogProperties latest) {
        properties = latest;
    }

    private synchronized RinglogProperties properties() {
        return properties;
    }

    @Override
    public void propertyChange(PropertyChangeEvent event) {
        RinglogProperties current = properties();
        if (LoggerContext.PROPERTY_CONFIG.equals(event.getPropertyName()) && event.getNewValue() instanceof Configuration
                && current.isEnabled()) {
            BootLogging outcome = Log4j2BootAppenders.wrap(context, (Configuration) event.getNewValue(), current);
            // The StatusLogger, not the application's loggers: the configuration is being replaced.
            StatusLogger.getLogger().debug("Ringlog, after a Log4j2 reconfiguration: {}", outcome.describe());
        }
    }
}
