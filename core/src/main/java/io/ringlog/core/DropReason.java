package io.ringlog.core;

import java.util.Locale;

/**
 * Why an event was dropped: each drop is counted under exactly one reason ({@link PipelineStats#dropped(DropReason)}).
 * {@link #tagValue()} is the value of the {@code reason} tag of Ringlog's meters, OpenTelemetry's {@code error.type}
 * value where its log-processor conventions define one ({@code queue_full}, {@code already_shutdown}).
 */
public enum DropReason {
    /** The ring was full and the full-queue policy dropped the event at once (DROP_ALL, DROP_BELOW_WARN below WARN, a block bound of 0, or a downstream appender logging on the consumer thread), or a caller that must not wait watched the consumer stay inside one event too long ({@link AsyncPipeline#tryOfferUnlessStuck}). */
    QUEUE_FULL("queue_full"),
    /** The free slots were at or below the discarding threshold, and the event was below WARN. */
    DISCARDING_THRESHOLD("discarding_threshold"),
    /** The caller waited for room for the longest the block bound allows, and none came. */
    BLOCK_TIME_EXCEEDED("block_time_exceeded"),
    /** The pipeline no longer accepted events: it had stopped, or its drain had given up. */
    AFTER_STOP("already_shutdown"),
    /**
     * The queued events held as many bytes as the byte bound allows ({@link PipelineSettings#maxQueueBytes()}), and the
     * full-queue policy dropped the event at once, as for a full ring.
     */
    QUEUE_BYTES_FULL("queue_bytes_full");

    private final String tagValue;

    DropReason(String tagValue) {
        this.tagValue = tagValue;
    }

    /** The reason as a tag value: lower case, words joined by {@code _}. */
    public String tagValue() {
        return tagValue;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
