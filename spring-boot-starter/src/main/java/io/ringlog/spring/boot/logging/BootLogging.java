package io.ringlog.spring.boot.logging;

import io.ringlog.spring.boot.RinglogProperties;
import java.util.List;

/** What the starter found, and did, when Spring Boot initialised logging: one line for the INFO log. Immutable. */
final class BootLogging {
    private final String description;

    private BootLogging(String description) {
        this.description = description;
    }

    /** Boot's default appenders now run behind Ringlog's appender. */
    static BootLogging wrapped(String framework, String appender, List<String> targets, RinglogProperties properties) {
        return new BootLogging("Spring Boot's default " + framework + " appenders " + targets + " now run behind the Ringlog appender ["
                + appender + "] (queue size " + properties.getQueueSize() + ", full-queue policy " + properties.getFullQueuePolicy()
                + ", JMX " + (properties.isJmxEnabled(false) ? "on" : "off") + ")");
    }

    /** The application configures logging itself; nothing was changed. */
    static BootLogging ownConfiguration(String framework, String source) {
        return new BootLogging("the application configures " + framework + " itself (" + source + "); that configuration is left as "
                + "it is: reference Ringlog's appender in it to log asynchronously");
    }

    /** Nothing was changed, for the reason given. */
    static BootLogging unchanged(String reason) {
        return new BootLogging(reason + "; logging is left as it is");
    }

    /** A logging system the starter does not know. */
    static BootLogging notSupported(String loggingSystem) {
        return unchanged("Spring Boot logs through " + loggingSystem + ", neither Logback nor Log4j2");
    }

    String describe() {
        return description;
    }
}
