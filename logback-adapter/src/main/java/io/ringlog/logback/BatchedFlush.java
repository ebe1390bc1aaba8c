package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.spi.ContextAware;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Makes one {@link OutputStreamAppender} child (a file or console appender configured with
 * {@code immediateFlush=true}, Logback's default) write every event but flush once per batch instead of
 * once per event. Consumer thread only.
 *
 * <p>Implementation notes. Every event but the last of a batch is appended with the child's
 * {@code immediateFlush} switched off for the duration of that one {@code doAppend} and switched back on
 * in a {@code finally}; the last event of the batch is appended with it on, so the child writes and flushes
 * it inside its own {@code writeBytes}, under its own {@code streamWriteLock}: safe against its
 * {@code stop()} and its rollover, and without touching that protected lock. Because the flag is on again
 * between deliveries, a child that is also attached to a logger keeps flushing that logger's writes; a
 * write that another thread makes during one of our events goes out with our flush at the end of the
 * current batch. If the child did not write the last event (its own filter or threshold refused it), the
 * bytes of earlier events are flushed with an unlocked {@code getOutputStream().flush()}: that stream is
 * written by the consumer only (or, for a shared child, is a synchronized {@code BufferedOutputStream}),
 * so the flush cannot interleave with a write; after a concurrent close it is a harmless no-op.
 */
final class BatchedFlush {

    private final OutputStreamAppender<ILoggingEvent> target;
    private final ContextAware status;
    /** Whether an event was written without a flush since the last end of batch; consumer thread only. */
    private boolean unflushed;

    BatchedFlush(OutputStreamAppender<ILoggingEvent> target, ContextAware status) {
        this.target = target;
        this.status = status;
    }

    /** The child whose flushing this batches. */
    OutputStreamAppender<ILoggingEvent> target() {
        return target;
    }

    /** Appends one event to the child; flushes if {@code endOfBatch}. */
    void append(ILoggingEvent event, boolean endOfBatch) {
        if (endOfBatch) {
            try {
                target.doAppend(event);
            } finally {
                if (unflushed) {
                    flushLeftovers();
                }
            }
            return;
        }
        unflushed = true;
        target.setImmediateFlush(false);
        try {
            target.doAppend(event);
        } finally {
            target.setImmediateFlush(true);
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
