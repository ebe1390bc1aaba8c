package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.spi.ContextAware;
import io.ringlog.core.EventSink;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Hands each event to every child appender in attachment order, batching the flushes of stream children
 * ({@link BatchedFlush}): each is flushed once per batch, at its end; with {@code flushAtEndOfBatch} off, only
 * those configured with {@code immediateFlush=true}. Any other child that implements {@link EndOfBatchListener}
 * is told where each batch ends. A child that throws does not keep the event from the others: all are served,
 * then the first failure is rethrown (as a {@link ChildAppenderFailure}) so that the core counts the event
 * as failed. Consumer thread only.
 *
 * <p>Children attached or detached while running are picked up at the next event: the snapshot array of
 * {@link ChildAppenders} changes identity only when the list changes, and the flush plan is rebuilt then.
 */
final class ChildDelivery implements EventSink<EventSlot> {

    private final ChildAppenders children;
    private final ContextAware status;
    /** Whether children configured with {@code immediateFlush=false} are flushed at the end of each batch too. */
    private final boolean flushAtEndOfBatch;
    /** The children array the plan was built for, and the plan: one entry per child, null if not batched. */
    private Appender<ILoggingEvent>[] planned;
    private BatchedFlush[] flushes = new BatchedFlush[0];

    ChildDelivery(ChildAppenders children, ContextAware status, boolean flushAtEndOfBatch) {
        this.children = children;
        this.status = status;
        this.flushAtEndOfBatch = flushAtEndOfBatch;
    }

    @Override
    public void deliver(EventSlot slot, boolean endOfBatch) {
        ILoggingEvent event = slot.event();
        Appender<ILoggingEvent>[] targets = children.snapshot();
        if (targets != planned) {
            plan(targets);
        }
        BatchedFlush[] flushes = this.flushes;
        ChildAppenderFailure failure = null;
        for (int i = 0; i < targets.length; i++) {
            try {
                BatchedFlush batched = flushes[i];
                if (batched == null) {
                    appendAndSignal(targets[i], event, endOfBatch);
                } else {
                    batched.append(event, endOfBatch);
                }
            } catch (Throwable thrown) {
                if (failure == null) {
                    failure = new ChildAppenderFailure(targets[i].getName(), event.getLoggerName(), thrown);
                } else {
                    failure.addSuppressed(thrown);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Appends to a child that is not a stream appender; at the end of a batch, tells it so if it listens for that
     * ({@link EndOfBatchListener}), even when its {@code doAppend} threw or its own filter refused the event.
     */
    private static void appendAndSignal(Appender<ILoggingEvent> target, ILoggingEvent event, boolean endOfBatch) {
        if (!endOfBatch || !(target instanceof EndOfBatchListener)) {
            target.doAppend(event);
            return;
        }
        try {
            target.doAppend(event);
        } finally {
            ((EndOfBatchListener) target).endOfBatch();
        }
    }

    @Override
    public void clear(EventSlot slot) {
        slot.clear();
    }

    /**
     * After a drain that completed (stop, reconfiguration, JVM exit): flushes the stream children that buffer
     * ({@code immediateFlush=false}), so that a JVM exiting without Logback's shutdown hook, which never stops
     * them, still finds every drained event on disk. With {@code flushAtEndOfBatch} on (the default) they, like
     * the other stream children, flushed at the end of the last batch already, and this flush finds nothing to do.
     */
    @Override
    public void afterLastDelivery() {
        for (Appender<ILoggingEvent> child : children.snapshot()) {
            if (child instanceof OutputStreamAppender && !((OutputStreamAppender<ILoggingEvent>) child).isImmediateFlush()) {
                BatchedFlush.flushUnlocked((OutputStreamAppender<ILoggingEvent>) child, status, "after the last delivery of a drain");
            }
        }
    }

    /**
     * Decides, per child, whether its flushes are batched: every stream appender, or with
     * {@code flushAtEndOfBatch} off only those whose {@code immediateFlush} is on (an explicit
     * {@code immediateFlush=false} is then left alone). Between our deliveries the flag holds the configured
     * value, so reading it here is reliable. Children that stay keep their state.
     */
    private void plan(Appender<ILoggingEvent>[] targets) {
        Map<Appender<ILoggingEvent>, BatchedFlush> previous = new IdentityHashMap<>();
        for (BatchedFlush flush : flushes) {
            if (flush != null) {
                previous.put(flush.target(), flush);
            }
        }
        BatchedFlush[] next = new BatchedFlush[targets.length];
        for (int i = 0; i < targets.length; i++) {
            BatchedFlush kept = previous.get(targets[i]);
            if (kept != null) {
                next[i] = kept;
            } else if (targets[i] instanceof OutputStreamAppender) {
                OutputStreamAppender<ILoggingEvent> stream = (OutputStreamAppender<ILoggingEvent>) targets[i];
                if (flushAtEndOfBatch || stream.isImmediateFlush()) {
                    next[i] = new BatchedFlush(stream, status);
                }
            }
        }
        flushes = next;
        planned = targets;
    }
}
