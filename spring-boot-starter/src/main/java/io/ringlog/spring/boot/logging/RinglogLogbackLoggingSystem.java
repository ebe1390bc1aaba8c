package io.ringlog.spring.boot.logging;

import org.springframework.boot.logging.LogFile;
import org.springframework.boot.logging.LoggingInitializationContext;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.logging.LoggingSystemFactory;
import org.springframework.boot.logging.logback.LogbackLoggingSystem;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.util.ClassUtils;

/**
 * Spring Boot's {@link LogbackLoggingSystem}, which, each time logging is initialised again after the starter's listener
 * has wrapped Boot's appenders (Spring Cloud's {@code reinitializeLoggingSystem}, any later
 * {@code LoggingSystem.initialize}), wraps them again ({@link LogbackReinitializations}). Needed because Boot's
 * reinitialisation stops the Logback context, and a stop removes every context listener, reset-resistant or not.
 * Registered through its {@link Factory}, just before Boot's own; everything else is Boot's. Called on the thread that
 * initialises logging.
 */
public class RinglogLogbackLoggingSystem extends LogbackLoggingSystem {

    /** A logging system for {@code classLoader}. */
    public RinglogLogbackLoggingSystem(ClassLoader classLoader) {
        super(classLoader);
    }

    @Override
    public void initialize(LoggingInitializationContext initializationContext, String configLocation, LogFile logFile) {
        super.initialize(initializationContext, configLocation, logFile);
        LogbackReinitializations.initialized(configLocation);
    }

    /**
     * Listed in {@code META-INF/spring.factories}, ordered just before Spring Boot's Logback factory; like it, returns a
     * system only when Logback is present. Any thread.
     */
    @Order(Ordered.HIGHEST_PRECEDENCE + 1023)
    public static class Factory implements LoggingSystemFactory {
        private static final boolean PRESENT = ClassUtils.isPresent("ch.qos.logback.classic.LoggerContext", Factory.class.getClassLoader());

        @Override
        public LoggingSystem getLoggingSystem(ClassLoader classLoader) {
            return PRESENT ? new RinglogLogbackLoggingSystem(classLoader) : null;
        }
    }
}
