package io.ringlog.logback;

import ch.qos.logback.core.spi.ContextAware;
import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.ByteSize;
import io.ringlog.core.PipelineSettings;
import java.util.concurrent.TimeUnit;

/**
 * The appender's configuration in Logback's vocabulary, and the one place where it is validated and
 * translated into {@link PipelineSettings}. Mutable, written by Joran on the configuring thread before
 * {@code start()}; not thread-safe. Changes after {@code start()} apply at the next start.
 */
final class LogbackSettings {

    /** Default {@code queueSize}: larger than the stock 256, because a ring slot costs one reference. */
    static final int DEFAULT_QUEUE_SIZE = PipelineSettings.DEFAULT_CAPACITY;
    /** Default {@code discardingThreshold}: off, so that nothing is dropped by default (stock: 20%). */
    static final int DEFAULT_DISCARDING_THRESHOLD = 0;
    /** Default {@code maxFlushTime} in milliseconds, as stock. */
    static final int DEFAULT_MAX_FLUSH_TIME = 1000;
    /** Default {@code maxBlockTime}: callers wait as long as needed. */
    static final long DEFAULT_MAX_BLOCK_TIME = -1;
    /** Default {@code maxBatchSize}. */
    static final int DEFAULT_MAX_BATCH_SIZE = PipelineSettings.DEFAULT_MAX_BATCH_SIZE;

    /** Default {@code callerEncoding}: encode on the callers only where it is known to be right. */
    static final String DEFAULT_CALLER_ENCODING = "AUTO";

    /** logstash-logback-encoder's name for {@code maxFlushTime}, whose 0 and negative values mean otherwise. */
    static final String SHUTDOWN_GRACE_PERIOD = "shutdownGracePeriod";

    int queueSize = DEFAULT_QUEUE_SIZE;
    int discardingThreshold = DEFAULT_DISCARDING_THRESHOLD;
    boolean neverBlock;
    /** As written ({@code maxFlushTime} or its alias): milliseconds or a Logback duration, read by {@link DurationText}. */
    String maxFlushTime = String.valueOf(DEFAULT_MAX_FLUSH_TIME);
    /** The property that set {@link #maxFlushTime}, named in messages. */
    String maxFlushTimeProperty = "maxFlushTime";
    boolean includeCallerData;
    /** As written in the configuration; null when not set. */
    String fullQueuePolicy;
    /** As written ({@code maxBlockTime} or its alias): milliseconds or a Logback duration, read by {@link DurationText}. */
    String maxBlockTime = String.valueOf(DEFAULT_MAX_BLOCK_TIME);
    /** The property that set {@link #maxBlockTime}, named in messages. */
    String maxBlockTimeProperty = "maxBlockTime";
    boolean jmx = true;
    /** The MBean's {@code name} key; null (or empty) for the appender's name. */
    String jmxName;
    boolean drainOnExit = true;
    int maxBatchSize = DEFAULT_MAX_BATCH_SIZE;
    /** Whether children with {@code immediateFlush=false} are flushed at the end of each batch (by {@link ChildDelivery}). */
    boolean flushAtEndOfBatch = true;
    /** As written: {@code AUTO}, {@code ALWAYS} or {@code NEVER} ({@link CallerEncodingMode}), read by {@link #callerEncodingMode}. */
    String callerEncoding = DEFAULT_CALLER_ENCODING;
    /** As written: bytes, or a size with KB, MB or GB ({@link ByteSize}); null: the default byte bound. */
    String maxQueueBytes;

    /**
     * The {@code callerEncoding} mode. An unknown value is an error, reported through {@code status}, and the default
     * ({@code AUTO}) is used: it never encodes on the callers where that could be wrong, and refusing to start would
     * lose every event for a setting that only tunes where work is done.
     */
    CallerEncodingMode callerEncodingMode(String appender, ContextAware status) {
        CallerEncodingMode mode = CallerEncodingMode.parse(callerEncoding);
        if (mode == null) {
            status.addError("Unknown callerEncoding [" + callerEncoding + "]: expected AUTO, ALWAYS or NEVER; appender [" + appender
                    + "] uses AUTO, which encodes on the callers' threads only for encoders known to be thread-safe.");
            return CallerEncodingMode.AUTO;
        }
        return mode;
    }

    /**
     * Validates and translates. Every problem is reported through {@code status} in Logback's terms;
     * an invalid value yields null (the appender must not start), a conflict a warning and the safe choice.
     *
     * @param appender the appender's name, used in messages and to name the pipeline
     * @return the settings, or null if the configuration is invalid (an error status was added)
     */
    PipelineSettings toPipelineSettings(String appender, ContextAware status) {
        String notStarted = "; appender [" + appender + "] is not started, so its events are not logged until the configuration is fixed.";
        if (queueSize < 1 || queueSize > PipelineSettings.MAX_CAPACITY) {
            status.addError("Invalid queue size [" + queueSize + "]: the queue size must be between 1 and "
                    + PipelineSettings.MAX_CAPACITY + notStarted);
            return null;
        }
        Long maxFlushMillis = millis(maxFlushTimeProperty, maxFlushTime, status, notStarted);
        Long maxBlockMillis = millis(maxBlockTimeProperty, maxBlockTime, status, notStarted);
        if (maxFlushMillis == null || maxBlockMillis == null) {
            return null;
        }
        if (SHUTDOWN_GRACE_PERIOD.equals(maxFlushTimeProperty)) {
            maxFlushMillis = fromShutdownGracePeriod(maxFlushMillis, appender, status);
        }
        if (maxFlushMillis < 0) {
            status.addError("Invalid " + maxFlushTimeProperty + " [" + maxFlushTime.trim() + "]: it must be >= 0 ms (0 = wait until everything "
                    + "queued is delivered)" + notStarted);
            return null;
        }
        long queueBytes = -1;
        if (maxQueueBytes != null && !maxQueueBytes.trim().isEmpty()) {
            try {
                queueBytes = ByteSize.parse(maxQueueBytes);
            } catch (IllegalArgumentException invalid) {
                status.addError("Invalid maxQueueBytes [" + maxQueueBytes.trim() + "]: " + invalid.getMessage() + notStarted);
                return null;
            }
        }
        FullQueuePolicy policy = FullQueuePolicy.BLOCK;
        if (fullQueuePolicy != null) {
            try {
                policy = FullQueuePolicy.parse(fullQueuePolicy);
            } catch (IllegalArgumentException unknown) {
                status.addError("Unknown fullQueuePolicy [" + fullQueuePolicy + "]: expected one of BLOCK, DROP_BELOW_WARN, DROP_ALL"
                        + notStarted);
                return null;
            }
        }
        if (neverBlock && policy != FullQueuePolicy.DROP_ALL) {
            if (fullQueuePolicy != null) {
                status.addWarn("neverBlock=true conflicts with fullQueuePolicy=" + policy + "; neverBlock wins, appender ["
                        + appender + "] uses DROP_ALL so that callers never wait. Remove one of the two to silence this warning.");
            }
            policy = FullQueuePolicy.DROP_ALL;
        }
        if (maxBlockMillis >= 0 && policy == FullQueuePolicy.DROP_ALL) {
            status.addWarn(maxBlockTimeProperty + "=" + maxBlockTime.trim() + " has no effect on appender [" + appender
                    + "]: with DROP_ALL (or neverBlock=true) callers never wait.");
        }
        try {
            return PipelineSettings.builder(appender)
                    .capacity(queueSize)
                    .fullQueuePolicy(policy)
                    .discardingThreshold(discardingThreshold)
                    .maxBlockTime(maxBlockMillis, TimeUnit.MILLISECONDS)
                    .drainTimeoutMillis(maxFlushMillis)
                    .maxBatchSize(maxBatchSize)
                    .maxQueueBytes(queueBytes)
                    // The slot writer only stores the event and its bytes (EventSlot.write): it runs no application code.
                    .maybeNestedInSlotWriting(() -> false)
                    .drainOnJvmExit(drainOnExit)
                    .build();
        } catch (IllegalArgumentException invalid) {
            // The rules shared with the Log4j2 adapter (discardingThreshold, maxBlockTime, maxBatchSize) live in core.
            status.addError("Invalid configuration: " + invalid.getMessage() + notStarted);
            return null;
        }
    }

    /**
     * logstash-logback-encoder's {@code shutdownGracePeriod} reads negative as "no bound" and 0 as "do not wait";
     * Ringlog's {@code maxFlushTime} reads 0 as "no bound" and has no "do not wait", so 0 becomes 1 ms, with a warning.
     */
    private static long fromShutdownGracePeriod(long millis, String appender, ContextAware status) {
        if (millis < 0) {
            return 0;
        }
        if (millis == 0) {
            status.addWarn("shutdownGracePeriod=0 means 'do not wait' in logstash-logback-encoder, and maxFlushTime=0 means 'no bound' in "
                    + "Ringlog: appender [" + appender + "] waits at most 1 ms for its queue when it stops. Set maxFlushTime to say what you mean.");
            return 1;
        }
        return millis;
    }

    /** The value in milliseconds, or null after an error status naming the property and the value as written. */
    private static Long millis(String property, String value, ContextAware status, String notStarted) {
        try {
            return DurationText.millis(value);
        } catch (IllegalArgumentException unparsable) {
            status.addError("Invalid " + property + " [" + value + "]: " + DurationText.EXPECTED + notStarted);
            return null;
        }
    }
}
