package io.ringlog.spring.boot.logging;

import io.ringlog.spring.boot.RinglogProperties;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationStartingEvent;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.SmartApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Puts Ringlog in front of Spring Boot's own console and file appenders, right after Spring Boot's
 * {@link LoggingApplicationListener} has initialised logging (each time it does), when Spring Boot applied its default
 * configuration: the application has no {@code logback(-spring).xml} / {@code log4j2(-spring).xml} and sets no
 * {@code logging.config}. An application with a logging configuration of its own is left as it configured itself.
 * Each time, one INFO line says what was wrapped, or why nothing was. {@code ringlog.jmx}, when not set, follows
 * {@code spring.jmx.enabled}. Boot's patterns and {@code logging.*} properties keep working: the appenders
 * behind Ringlog are the ones Boot configured. Registered in {@code META-INF/spring.factories}; called on the thread
 * that runs the application.
 */
public class RinglogLoggingListener implements SmartApplicationListener {

    /**
     * Just after {@link LoggingApplicationListener#DEFAULT_ORDER}: logging has just been initialised. One later than the
     * listeners that add their appenders to the root logger at {@code DEFAULT_ORDER + 1} (OpenTelemetry's Spring Boot
     * starter), so that Ringlog puts those appenders behind it whatever the class-path order.
     */
    public static final int ORDER = LoggingApplicationListener.DEFAULT_ORDER + 2;

    /** The name of the appender put in front of Spring Boot's, in both frameworks: the {@code appender} tag of its meters. */
    public static final String APPENDER_NAME = "RINGLOG";

    private static final String LOGBACK_SYSTEM = "org.springframework.boot.logging.logback.LogbackLoggingSystem";
    private static final String LOG4J2_SYSTEM = "org.springframework.boot.logging.log4j2.Log4J2LoggingSystem";

    @Override
    public boolean supportsEventType(Class<? extends ApplicationEvent> eventType) {
        return ApplicationStartingEvent.class.isAssignableFrom(eventType) || ApplicationEnvironmentPreparedEvent.class.isAssignableFrom(eventType);
    }

    @Override
    public void onApplicationEvent(ApplicationEvent event) {
        if (event instanceof ApplicationStartingEvent) {
            applicationStarting();
            return;
        }
        ConfigurableEnvironment environment = ((ApplicationEnvironmentPreparedEvent) event).getEnvironment();
        // A bad ringlog.* value throws a BindException naming the property: Spring Boot's failure analysis reports it.
        RinglogProperties properties = Binder.get(environment).bind(RinglogProperties.PREFIX, RinglogProperties.class)
                .orElseGet(RinglogProperties::new);
        // Resolved once, here: the appenders built now and after a reinitialisation read isJmxEnabled(false).
        properties.setJmx(properties.isJmxEnabled(environment.getProperty("spring.jmx.enabled", Boolean.class, false)));
        BootLogging outcome = properties.isEnabled() ? wrap(environment, properties)
                : BootLogging.unchanged("ringlog.enabled=false");
        LogFactory.getLog(RinglogLoggingListener.class).info("Ringlog: " + outcome.describe());
    }

    /** Lets this run's environment-prepared event, not a follower with the last run's properties, wrap Boot's appenders. */
    private void applicationStarting() {
        Class<?> system = LoggingSystem.get(getClass().getClassLoader()).getClass();
        if (extendsClass(system, LOGBACK_SYSTEM)) {
            LogbackBootAppenders.applicationStarting();
        } else if (extendsClass(system, LOG4J2_SYSTEM)) {
            Log4j2BootAppenders.applicationStarting();
        }
    }

    private BootLogging wrap(ConfigurableEnvironment environment, RinglogProperties properties) {
        ClassLoader classLoader = getClass().getClassLoader();
        LoggingSystem system = LoggingSystem.get(classLoader);
        if (extendsClass(system.getClass(), LOGBACK_SYSTEM)) {
            return LogbackBootAppenders.wrap(environment, classLoader, properties);
        }
        if (extendsClass(system.getClass(), LOG4J2_SYSTEM)) {
            return Log4j2BootAppenders.wrap(properties);
        }
        return BootLogging.notSupported(system.getClass().getName());
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    /** Compares names only: the class of the other framework's logging system must not be loaded. */
    private static boolean extendsClass(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
