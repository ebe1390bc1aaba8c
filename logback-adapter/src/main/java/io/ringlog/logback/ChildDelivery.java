package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.spi.ContextAware;
import io.ringlog.core.CallerContext;
import io.ringlog.core.EventSink;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Hands each event to every child appender in attachment order, batching the flushes of stream children
 * ({@link BatchedFlush}): each is flushed once per batch, at its end; with {@code flushAtEndOfBatch} off, only
 * those configured with {@code immediateFlush=true}. Any other child that implements {@link EndOfBatchListener}
 * is told where each batch ends. A child that throws, or that had stopped, does not keep the event from the others: all
 * are served, then the first failure is rethrown (as a {@link ChildAppenderFailure}) so that the core counts the event
 * as failed. A child encoded on the caller's thread ({@link CallerEncoding}) is handed the bytes made there, through
 * its stand-in encoder, just before its {@code doAppend}; a console child among them writes a batch's bytes at once, at
 * its end ({@link ConsoleBatch}). Consumer thread only.
 *
 * <p>Children attached or detached while running are picked up at the next event: the snapshot array of
 * {@link ChildAppenders} changes identity only when the list changes, and the flush plan is rebuilt then.
 */
final class ChildDelivery implements EventSink<EventSlot> {

    private final ChildAppenders children;
    private final CallerEncoding encoding;
    private final ContextAware status;
    /** Whether children configured with {@code immediateFlush=false} are flushed at the end of each batch too. */
    private final boolean flushAtEndOfBatch;
    /** The children array the plan was built for, and the plan: one entry per child, null if not batched. */
    private Appender<ILoggingEvent>[] planned;
    private BatchedFlush[] flushes = new BatchedFlush[0];
    /** Per child of the plan: its index in the slots' encoded arrays and its hand-over, or -1 and null. */
    private int[] encodedIndex = new int[0];
    private CallerEncoder.Handover[] handovers = new CallerEncoder.Handover[0];

    ChildDelivery(ChildAppenders children, CallerEncoding encoding, ContextAware status, boolean flushAtEndOfBatch) {
        this.children = children;
        this.encoding = encoding;
        this.status = status;
        this.flushAtEndOfBatch = flushAtEndOfBatch;
    }

    @Override
    public void deliver(EventSlot slot, boolean endOfBatch) {
        CallerContext carrier = CallerContext.ON_CLASS_PATH;
        Object attached = carrier.attach(slot.callerContext());
        try {
            deliverToChildren(slot, endOfBatch);
        } finally {
            carrier.detach(attached);
        }
    }

    private void deliverToChildren(EventSlot slot, boolean endOfBatch) {
        ILoggingEvent event = slot.event();
        Appender<ILoggingEvent>[] targets = children.snapshot();
        if (targets != planned) {
            plan(targets);
        }
        BatchedFlush[] flushes = this.flushes;
        int[] encodedIndex = this.encodedIndex;
        ChildAppenderFailure failure = null;
        for (int i = 0; i < targets.length; i++) {
            if (!targets[i].isStarted()) {
                // Logback's doAppend would drop it with a warning (the first few times): count it as failed instead.
                failure = addFailure(failure, targets[i], event, ChildAppenderFailure.stopped(targets[i].getName()));
                continue;
            }
            CallerEncoder.Handover handover = null;
            BatchedFlush batched = flushes[i];
            if (encodedIndex[i] >= 0) {
                byte[] bytes = slot.encoded(encodedIndex[i]);
                ConsoleBatch console = batched == null ? null : batched.console();
                if (console != null) {
                    handover = handovers[i];
                    handover.offer(event, bytes, console, endOfBatch); // bytes null: the child's own encoder, in order
                } else if (bytes != null) {
                    handover = handovers[i];
                    handover.offer(event, bytes);
                }
            }
            try {
                if (batched == null) {
                    appendAndSignal(targets[i], event, endOfBatch);
                } else {
                    batched.append(event, endOfBatch);
                }
            } catch (Throwable thrown) {
                failure = addFailure(failure, targets[i], event, thrown);
            } finally {
                if (handover != null) {
                    handover.clear();
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static ChildAppenderFailure addFailure(ChildAppenderFailure failure, Appender<ILoggingEvent> child, ILoggingEvent event,
                                                   Throwable thrown) {
        if (failure == null) {
            return new ChildAppenderFailure(child.getName(), event.getLoggerName(), thrown);
        }
        failure.addSuppressed(thrown);
        return failure;
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
        for (BatchedFlush flush : flushes) {
            if (flush != null && flush.console() != null) {
                flush.console().writeKept("after the last delivery of a drain");
            }
        }
        for (Appender<ILoggingEvent> child : children.snapshot()) {
            if (BatchedFlush.isBufferingStream(child)) {
                BatchedFlush.flushUnlocked((OutputStreamAppender<ILoggingEvent>) child, status, "after the last delivery of a drain");
            }
        }
    }

    /**
     * Decides, per child, whether its flushes are batched: every stream appender, or with
     * {@code flushAtEndOfBatch} off only those whose {@code immediateFlush} is on (an explicit
     * {@code immediateFlush=false} is then left alone). Between our deliveries the flag holds the configured
     * value, so reading it here is reliable. Children that stay keep their state. Also finds, per child, the bytes
     * encoded on the caller for it, if any; on the consumer thread, whose hand-overs these are.
     */
    private void plan(Appender<ILoggingEvent>[] targets) {
        Map<Appender<ILoggingEvent>, BatchedFlush> previous = new IdentityHashMap<>();
        for (BatchedFlush flush : flushes) {
            if (flush != null) {
                previous.put(flush.target(), flush);
            }
        }
        BatchedFlush[] next = new BatchedFlush[targets.length];
        int[] nextIndex = new int[targets.length];
        CallerEncoder.Handover[] nextHandovers = new CallerEncoder.Handover[targets.length];
        for (int i = 0; i < targets.length; i++) {
            nextIndex[i] = encoding.indexOf(targets[i]);
            if (nextIndex[i] >= 0) {
                nextHandovers[i] = encoding.encoder(nextIndex[i]).handoverForThisThread();
            }
            BatchedFlush kept = previous.remove(targets[i]);
            if (kept != null) {
                next[i] = kept;
            } else if (targets[i] instanceof OutputStreamAppender) {
                OutputStreamAppender<ILoggingEvent> stream = (OutputStreamAppender<ILoggingEvent>) targets[i];
                if (flushAtEndOfBatch || BatchedFlush.configuredImmediateFlush(stream)) {
                    next[i] = new BatchedFlush(stream, status);
                }
            }
        }
        for (BatchedFlush gone : previous.values()) { // the children no longer attached
            if (gone.console() != null) {
                gone.console().writeKept("after it was detached");
            }
        }
        flushes = next;
        encodedIndex = nextIndex;
        handovers = nextHandovers;
        planned = targets;
    }
}
