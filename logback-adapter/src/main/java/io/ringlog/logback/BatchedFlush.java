package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.spi.ContextAware;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Makes one {@link OutputStreamAppender} child (a file or console appender) write every event and flush once
 * per batch, at its end, whatever its configured {@code immediateFlush}: a child with Logback's default
 * ({@code true}) flushes once per batch instead of once per event, and a child with {@code immediateFlush=false}
 * is flushed at the end of each batch as well, so its file is current whenever the queue is idle. A console child
 * encoded on the callers also has its bytes gathered over the batch and written once, at its end ({@link ConsoleBatch}).
 * Consumer thread only.
 *
 * <p>Implementation notes. The child's {@code immediateFlush} is set to {@code endOfBatch} for the duration of
 * one {@code doAppend} when the two differ, and restored to the value it had when this plan was made in a
 * {@code finally}: events before the last of a batch are written without a flush, and the last one is written
 * and flushed by the child inside its own {@code writeBytes}, under its own {@code streamWriteLock}: safe against
 * its {@code stop()} and its rollover (a {@code RollingFileAppender} closes and reopens its stream under that
 * lock), and without touching that protected lock. Because the flag holds its configured value again between
 * deliveries, a child that is also attached to a logger behaves for that logger as configured; a write that
 * another thread makes during one of our events is flushed (or not) with it, and in any case goes out with our
 * flush at the end of the current batch. If the child did not write the last event (its own filter or threshold
 * refused it), the bytes of earlier events are flushed with an unlocked {@code getOutputStream().flush()}: that
 * stream is written by the consumer thread only (or, for a shared child, is a synchronized
 * {@code BufferedOutputStream}), so the flush cannot interleave with a write; on a stream that a concurrent
 * rollover or stop has just closed it flushes an empty buffer into a closed file, a harmless no-op.
 */
final class BatchedFlush {

    private final OutputStreamAppender<ILoggingEvent> target;
    private final ContextAware status;
    /** For a console child, where its bytes are gathered over a batch (used when it is encoded on the callers). */
    private final ConsoleBatch console;
    /** The child's {@code immediateFlush} when the plan was made, restored after every event. */
    private final boolean configuredImmediateFlush;
    /** Whether an event was written without a flush since the last end of batch; the consumer thread only. */
    private boolean unflushed;

    /**
     * Each stream child's configured {@code immediateFlush}, as first seen by any Ringlog appender: a child shared by two
     * of them may have its flag switched by one while the other plans, and must not have the switched value restored
     * for good. Weak keys: a child that is thrown away (a reconfiguration) leaves nothing behind.
     */
    private static final Map<OutputStreamAppender<?>, Boolean> CONFIGURED = Collections.synchronizedMap(new WeakHashMap<>());

    BatchedFlush(OutputStreamAppender<ILoggingEvent> target, ContextAware status) {
        this.target = target;
        this.status = status;
        this.configuredImmediateFlush = configuredImmediateFlush(target);
        this.console = target instanceof ConsoleAppender ? new ConsoleBatch(target, status) : null;
    }

    /** For a console child, the batch its bytes are gathered in; null for any other stream child. */
    ConsoleBatch console() {
        return console;
    }

    /** True for a stream child configured to buffer ({@code immediateFlush=false}), whatever a delivery switched it to. */
    static boolean isBufferingStream(Appender<ILoggingEvent> child) {
        return child instanceof OutputStreamAppender && !configuredImmediateFlush((OutputStreamAppender<ILoggingEvent>) child);
    }

    /** The child's {@code immediateFlush} as configured, not as switched for the moment by a Ringlog delivery. */
    static boolean configuredImmediateFlush(OutputStreamAppender<ILoggingEvent> child) {
        return CONFIGURED.computeIfAbsent(child, OutputStreamAppender::isImmediateFlush);
    }

    /** The child whose flushing this batches. */
    OutputStreamAppender<ILoggingEvent> target() {
        return target;
    }

    /** Appends one event to the child; flushes if {@code endOfBatch}, whatever the child's {@code immediateFlush}. */
    void append(ILoggingEvent event, boolean endOfBatch) {
        boolean switched = endOfBatch != configuredImmediateFlush;
        if (!endOfBatch) {
            unflushed = true;
        }
        if (switched) {
            target.setImmediateFlush(endOfBatch);
        }
        try {
            target.doAppend(event);
        } finally {
            if (switched) {
                target.setImmediateFlush(configuredImmediateFlush);
            }
            if (endOfBatch && console != null && console.holdsBytes()) {
                console.writeKept("at the end of a batch"); // the child did not encode the batch's last event
            }
            if (endOfBatch && unflushed) {
                flushLeftovers();
            }
        }
    }

    private void flushLeftovers() {
        unflushed = false;
        flushUnlocked(target, status, "at the end of a batch");
    }

    /**
     * Flushes a stream appender's buffered bytes without its lock (see the class notes for why that is safe);
     * nothing if it has stopped. A failure is reported as a warning: the bytes go out with its next flush or
     * when it stops.
     */
    static void flushUnlocked(OutputStreamAppender<ILoggingEvent> target, ContextAware status, String when) {
        OutputStream out = target.getOutputStream();
        if (out == null || !target.isStarted()) {
            return;
        }
        try {
            out.flush();
        } catch (IOException e) {
            status.addWarn("Could not flush appender [" + target.getName() + "] " + when + "; its buffered events are "
                    + "written with its next flush or when it stops", e);
        }
    }
}
