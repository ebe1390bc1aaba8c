package io.ringlog.logback;

/**
 * Implemented by a child appender of {@link RingAsyncAppender} that wants to know where Ringlog's batches end: after
 * the child was handed the last event of a batch (the event after which the queue was empty, or the last one a
 * drain delivered), {@link RingAsyncAppender} calls {@link #endOfBatch()} on it. A child that collects events to
 * write them together (a database appender's multi-row insert, a network appender's frame) writes them there, so
 * that a burst becomes a few large writes and an idle queue leaves nothing waiting.
 *
 * <p>Called on Ringlog's consumer thread, right after that child's {@code doAppend} for the last event of the
 * batch returned or threw, even if the child's own filter or threshold refused that event. An exception it throws
 * counts that event as failed in Ringlog's statistics and is reported through Logback's status manager, as a
 * child's {@code doAppend} failure is. A child attached to a logger directly as well is called for Ringlog's
 * batches only; it must still write what it holds when it is stopped. (Stream children, Logback's
 * {@code OutputStreamAppender}s, are flushed at the end of each batch instead and are not called.)
 */
public interface EndOfBatchListener {

    /** The last event of a batch was handed to this appender: write what it holds. Consumer thread only. */
    void endOfBatch();
}
