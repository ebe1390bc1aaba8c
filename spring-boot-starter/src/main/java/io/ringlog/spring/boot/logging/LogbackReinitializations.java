package io.ringlog.spring.boot.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.status.InfoStatus;
import io.ringlog.spring.boot.RinglogProperties;
import java.util.Map;
import java.util.WeakHashMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Follows a Logback context's later initialisations: when Spring Boot initialises logging again outside the event the
 * starter listens to (Spring Cloud's {@code reinitializeLoggingSystem}, any later {@code LoggingSystem.initialize}), it
 * stops and resets the context, which removes Ringlog's appender, and configures it again; right after that
 * ({@link RinglogLogbackLoggingSystem}), a configuration that is Boot's default gets the appender again, with the latest
 * {@code ringlog.*} properties. Paused from the start of a new {@code SpringApplication} run until the starter's listener
 * has wrapped with that run's properties (tests start several applications in one JVM, each initialising logging).
 * Kept per context (weakly), outside it: a stop clears the context's listeners and objects. Any thread; each method holds
 * the class's monitor briefly.
 */
final class LogbackReinitializations {
    private static final Map<LoggerContext, LogbackReinitializations> FOLLOWED = new WeakHashMap<>();

    private final Environment environment;
    private final ClassLoader classLoader;
    private RinglogProperties properties; // guarded by the class
    private boolean paused; // guarded by the class

    private LogbackReinitializations(Environment environment, ClassLoader classLoader, RinglogProperties properties) {
        this.environment = environment;
        this.classLoader = classLoader;
        this.properties = properties;
    }

    /** Starts following {@code context}, or has the one following it apply {@code properties} from now on. */
    static synchronized void follow(LoggerContext context, Environment environment, ClassLoader classLoader, RinglogProperties properties) {
        LogbackReinitializations followed = FOLLOWED.get(context);
        if (followed == null || followed.environment != environment) {
            FOLLOWED.put(context, new LogbackReinitializations(environment, classLoader, properties));
        } else {
            followed.properties = properties;
            followed.paused = false;
        }
    }

    /** Until the next {@link #follow}, an initialisation of {@code context} is left to the starter's listener. */
    static synchronized void pause(LoggerContext context) {
        LogbackReinitializations followed = FOLLOWED.get(context);
        if (followed != null) {
            followed.paused = true;
        }
    }

    /** Spring Boot has just initialised logging, from {@code configLocation} (empty: its usual files, or its defaults). */
    static void initialized(String configLocation) {
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (!(factory instanceof LoggerContext) || StringUtils.hasText(configLocation)) {
            return;
        }
        LoggerContext context = (LoggerContext) factory;
        LogbackReinitializations followed;
        RinglogProperties current;
        synchronized (LogbackReinitializations.class) {
            followed = FOLLOWED.get(context);
            current = followed == null || followed.paused ? null : followed.properties;
        }
        if (current != null && current.isEnabled()) {
            BootLogging outcome = LogbackBootAppenders.wrap(context, followed.environment, followed.classLoader, current);
            // Logback's status, not the application's loggers: the configuration has only just been replaced.
            context.getStatusManager().add(new InfoStatus("Ringlog, after Logback was initialised again: " + outcome.describe(), followed));
        }
    }
}
