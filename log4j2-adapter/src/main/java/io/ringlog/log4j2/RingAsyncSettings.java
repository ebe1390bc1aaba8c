package io.ringlog.log4j2;

import io.ringlog.core.ByteSize;
import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.PipelineSettings;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.spi.AbstractLogger;
import org.apache.logging.log4j.core.util.Log4jThread;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * The one place where {@code <RingAsync>}'s Log4j2 vocabulary becomes {@link PipelineSettings}:
 * {@code bufferSize} is the capacity, {@code fullQueuePolicy} is the policy (default {@code BLOCK}), except that
 * {@code blocking="false"} always makes it {@link FullQueuePolicy#DROP_ALL}, {@code shutdownTimeout} bounds the drain, {@code maxBlockTime}
 * bounds a caller's wait, {@code maxQueueBytes} bounds the bytes queued, {@code drainOnExit} is the JVM-exit drain. Stateless.
 */
final class RingAsyncSettings {
    private static final Logger LOGGER = StatusLogger.getLogger();

    private RingAsyncSettings() {
    }

    /**
     * Validates the attributes and builds the settings.
     *
     * @throws IllegalArgumentException naming the attribute, its value and what is accepted
     */
    static PipelineSettings from(RingAsyncAppender.Builder<?> attributes) {
        String name = attributes.getName();
        // The appender reads these booleans itself; reading them here reports a value that is not true or false first.
        attributes.isIncludeLocation();
        attributes.isIgnoreExceptions();
        attributes.isJmx();
        attributes.getCallerEncodingMode();
        int bufferSize = attributes.getBufferSize();
        if (bufferSize < 1 || bufferSize > PipelineSettings.MAX_CAPACITY) {
            throw new IllegalArgumentException("bufferSize must be between 1 and " + PipelineSettings.MAX_CAPACITY
                    + ", was " + bufferSize);
        }
        long shutdownTimeout = attributes.getShutdownTimeout();
        if (shutdownTimeout < 0) {
            throw new IllegalArgumentException("shutdownTimeout must be >= 0 ms (0 waits without bound, as <Async> does), was "
                    + shutdownTimeout);
        }
        FullQueuePolicy policy = policy(name, attributes.isBlocking(), attributes.getFullQueuePolicy());
        long maxBlockTime = attributes.getMaxBlockTime();
        String queueBytesText = attributes.getMaxQueueBytes();
        long maxQueueBytes = queueBytesText == null || queueBytesText.trim().isEmpty() ? -1 : queueBytes(queueBytesText);
        // discardingThreshold, maxBlockTime and maxBatchSize are checked by build(), with the Logback adapter's rules.
        PipelineSettings settings = PipelineSettings.builder(name)
                .capacity(bufferSize)
                .fullQueuePolicy(policy)
                .discardingThreshold(attributes.getDiscardingThreshold())
                .maxBlockTime(maxBlockTime, TimeUnit.MILLISECONDS)
                .drainTimeoutMillis(shutdownTimeout)
                .maxBatchSize(attributes.getMaxBatchSize())
                .maxQueueBytes(maxQueueBytes)
                .drainOnJvmExit(attributes.isDrainOnExit())
                // A Log4jThread: Log4j2's Async Loggers route events logged on their own framework's threads
                // synchronously when their ring is full, so a target that logs can never wait on them from here.
                .threadFactory(Log4jThread::new)
                // A slot's copy formats parameters (toString() may log): such a call is one Log4j2 counts as nested.
                .maybeNestedInSlotWriting(() -> AbstractLogger.getRecursionDepth() > 1)
                .build();
        if (maxBlockTime >= 0 && policy == FullQueuePolicy.DROP_ALL) {
            LOGGER.warn("RingAsync appender '{}': maxBlockTime={} has no effect: with DROP_ALL (or blocking=\"false\") "
                    + "callers never wait", name, maxBlockTime);
        }
        return settings;
    }

    private static long queueBytes(String text) {
        try {
            return ByteSize.parse(text);
        } catch (IllegalArgumentException invalid) {
            throw new IllegalArgumentException("maxQueueBytes: " + invalid.getMessage(), invalid);
        }
    }

    /**
     * {@code blocking="false"} means DROP_ALL whatever {@code fullQueuePolicy} says (with a warning if it says otherwise);
     * with {@code blocking} true or absent, {@code fullQueuePolicy} decides, BLOCK when it is not given.
     */
    private static FullQueuePolicy policy(String name, boolean blocking, String fullQueuePolicy) {
        if (fullQueuePolicy == null || fullQueuePolicy.trim().isEmpty()) {
            return blocking ? FullQueuePolicy.BLOCK : FullQueuePolicy.DROP_ALL;
        }
        FullQueuePolicy policy = FullQueuePolicy.parse(fullQueuePolicy);
        if (!blocking && policy != FullQueuePolicy.DROP_ALL) {
            // As neverBlock in the Logback adapter: a caller told never to wait must never hang.
            LOGGER.warn("RingAsync appender '{}': blocking=\"false\" contradicts fullQueuePolicy=\"{}\"; "
                    + "blocking=\"false\" wins and the policy is DROP_ALL (callers never wait)", name, policy);
            return FullQueuePolicy.DROP_ALL;
        }
        return policy;
    }

}
