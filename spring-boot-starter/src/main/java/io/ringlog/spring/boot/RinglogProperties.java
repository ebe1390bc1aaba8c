package io.ringlog.spring.boot;

import io.ringlog.core.FullQueuePolicy;
import java.time.Duration;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code ringlog.*} properties: how the starter's appender, placed in front of Spring Boot's own console and file
 * appenders, queues and drains, and when the {@code ringlog} health contributor reports DOWN. Bound once, while Spring
 * Boot initialises logging; a value that cannot be bound, or is out of range, stops the application at start with
 * Spring Boot's failure analysis naming the property. Not thread-safe: bound and then only read.
 */
@ConfigurationProperties(prefix = RinglogProperties.PREFIX)
public class RinglogProperties {

    /** The prefix of every property. */
    public static final String PREFIX = "ringlog";
    /** Default {@code ringlog.queue-size}, in events. */
    public static final int DEFAULT_QUEUE_SIZE = 8192;

    /**
     * Whether to put Ringlog in front of Spring Boot's default console and file appenders. Applications with a
     * logging configuration file of their own are left as they configured themselves either way.
     */
    private boolean enabled = true;

    /** Ring size in events, rounded up to a power of two. */
    private int queueSize = DEFAULT_QUEUE_SIZE;

    /**
     * What a logging call does when the ring is full: BLOCK waits for room (nothing is lost), DROP_BELOW_WARN drops
     * TRACE to INFO events and lets WARN and ERROR wait, DROP_ALL never waits. Drops are counted.
     */
    private FullQueuePolicy fullQueuePolicy = FullQueuePolicy.BLOCK;

    /** Free slots at or below which TRACE to INFO events are dropped (and counted) instead of queued; 0 turns it off. */
    private int discardingThreshold;

    /**
     * The longest a logging call waits for room in a full ring, after which its event is dropped and counted. No
     * bound when not set; 0 never waits.
     */
    private Duration maxBlockTime;

    /**
     * How long stopping the logging system (the last step of Spring Boot's shutdown) may spend writing what is still
     * queued; what is left at the bound is counted and reported as lost. 0 means no bound.
     */
    private Duration shutdownTimeout = Duration.ofSeconds(10);

    /**
     * Whether to capture the caller's location (class, method, line) on the calling thread, for patterns that print
     * it. Costly; Spring Boot's default patterns do not print it.
     */
    private boolean includeCallerData;

    /**
     * Where Boot's console and file lines are encoded: AUTO on the calling threads where that is known to be right and
     * pays (Logback's known thread-safe encoders; Log4j2's layouts that make a byte array per line, as structured
     * logging does), ALWAYS on the calling threads for every encoder or layout, NEVER on Ringlog's consumer thread.
     */
    private String callerEncoding = "auto";

    /**
     * Whether the starter's appender publishes its counters as an MBean. Not set: as spring.jmx.enabled
     * (false unless the application turns JMX on).
     */
    private Boolean jmx;

    /** The {@code ringlog} health contributor. */
    private final Health health = new Health();

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public int getQueueSize() {
        return queueSize;
    }

    /** @throws IllegalArgumentException if below 1 */
    public void setQueueSize(int queueSize) {
        if (queueSize < 1) {
            throw new IllegalArgumentException("the queue size must be at least 1, was " + queueSize);
        }
        this.queueSize = queueSize;
    }

    public FullQueuePolicy getFullQueuePolicy() {
        return fullQueuePolicy;
    }

    public void setFullQueuePolicy(FullQueuePolicy fullQueuePolicy) {
        this.fullQueuePolicy = fullQueuePolicy;
    }

    public int getDiscardingThreshold() {
        return discardingThreshold;
    }

    /** @throws IllegalArgumentException if negative */
    public void setDiscardingThreshold(int discardingThreshold) {
        if (discardingThreshold < 0) {
            throw new IllegalArgumentException("the discarding threshold must not be negative, was " + discardingThreshold);
        }
        this.discardingThreshold = discardingThreshold;
    }

    public Duration getMaxBlockTime() {
        return maxBlockTime;
    }

    /** @throws IllegalArgumentException if negative */
    public void setMaxBlockTime(Duration maxBlockTime) {
        this.maxBlockTime = requireNotNegative("max block time", maxBlockTime);
    }

    public Duration getShutdownTimeout() {
        return shutdownTimeout;
    }

    /** @throws IllegalArgumentException if negative */
    public void setShutdownTimeout(Duration shutdownTimeout) {
        this.shutdownTimeout = requireNotNegative("shutdown timeout", shutdownTimeout);
    }

    public boolean isIncludeCallerData() {
        return includeCallerData;
    }

    public void setIncludeCallerData(boolean includeCallerData) {
        this.includeCallerData = includeCallerData;
    }

    public String getCallerEncoding() {
        return callerEncoding;
    }

    /** @throws IllegalArgumentException unless auto, always or never (in any case) */
    public void setCallerEncoding(String callerEncoding) {
        String mode = callerEncoding == null ? "" : callerEncoding.trim().toLowerCase(Locale.ROOT);
        if (!mode.equals("auto") && !mode.equals("always") && !mode.equals("never")) {
            throw new IllegalArgumentException("the caller encoding must be auto, always or never, was " + callerEncoding);
        }
        this.callerEncoding = mode;
    }

    /** {@code ringlog.caller-encoding} as the appenders' {@code callerEncoding} names it: AUTO, ALWAYS or NEVER. */
    public String callerEncodingMode() {
        return callerEncoding.toUpperCase(Locale.ROOT);
    }

    public Boolean getJmx() {
        return jmx;
    }

    public void setJmx(Boolean jmx) {
        this.jmx = jmx;
    }

    /** Whether to publish the MBean: {@code ringlog.jmx} when set, else {@code springJmxEnabled}. */
    public boolean isJmxEnabled(boolean springJmxEnabled) {
        return jmx == null ? springJmxEnabled : jmx;
    }

    public Health getHealth() {
        return health;
    }

    /** The longest a logging call may wait for room, in milliseconds; -1 when there is no bound. */
    public long maxBlockTimeMillis() {
        return maxBlockTime == null ? -1 : maxBlockTime.toMillis();
    }

    private static Duration requireNotNegative(String what, Duration value) {
        if (value != null && value.isNegative()) {
            throw new IllegalArgumentException("the " + what + " must not be negative, was " + value);
        }
        return value;
    }

    /** The {@code ringlog.health.*} properties. */
    public static class Health {

        /**
         * How long an appender's downstream may fail every event, or deliver nothing while events wait in the ring,
         * before the health contributor reports DOWN. Once DOWN, it is UP again when the ring has emptied, or after
         * half this time of steady delivery.
         */
        private Duration stallTimeout = Duration.ofSeconds(60);

        public Duration getStallTimeout() {
            return stallTimeout;
        }

        /** @throws IllegalArgumentException if negative */
        public void setStallTimeout(Duration stallTimeout) {
            this.stallTimeout = requireNotNegative("stall timeout", stallTimeout);
        }
    }
}
