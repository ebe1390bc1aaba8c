package io.ringlog.log4j2;

import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.core.impl.ThrowableProxy;
import org.apache.logging.log4j.core.time.Instant;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ReusableMessage;
import org.apache.logging.log4j.util.ReadOnlyStringMap;

/**
 * The caller's event as an {@link EncodedTarget}'s layout sees it on the caller's thread: what the ring slot would
 * show the same layout on the consumer's. Every part is read from the caller's event (its time, thread, context data,
 * exception: what synchronous logging writes too, and what the slot copies), except two, which follow the slot:
 * <ul>
 * <li>a reusable message is the text formatted once for the layouts and the slot ({@link FormattedMessageView});
 * another message is the caller's, as the slot keeps it;
 * <li>the location is the caller's only with RingAsync's {@code includeLocation}; without it there is none, so a
 * pattern with {@code %L} or {@code %M} writes what it writes behind RingAsync today, and no stack is walked.
 * </ul>
 * End of batch is false, as in a slot that has just been filled: the flush follows the delivery, not the layout.
 *
 * <p>Thread-safety: confined to the caller's thread that owns its {@link CallerEncoding}, and valid only during that
 * caller's {@code append}.
 */
final class EncodingView implements LogEvent {
    private static final long serialVersionUID = 1L;

    private transient LogEvent event;
    private transient Message message;
    private boolean includeLocation;

    /** Shows {@code source} with {@code shownMessage} until {@link #clear()}. */
    void set(LogEvent source, Message shownMessage, boolean withLocation) {
        this.event = source;
        this.message = shownMessage;
        this.includeLocation = withLocation;
    }

    void clear() {
        event = null;
        message = null;
    }

    /** A copy that outlives the caller's call, as the slot's {@code toImmutable()} gives. */
    @Override
    public LogEvent toImmutable() {
        Log4jLogEvent.Builder copy = new Log4jLogEvent.Builder(this);
        if (message instanceof ReusableMessage) {
            copy.setMessage(((ReusableMessage) message).memento());
        }
        return copy.build();
    }

    @Override
    @SuppressWarnings("deprecation") // still part of LogEvent
    public Map<String, String> getContextMap() {
        return event.getContextMap();
    }

    @Override
    public ReadOnlyStringMap getContextData() {
        return event.getContextData();
    }

    @Override
    public ThreadContext.ContextStack getContextStack() {
        return event.getContextStack();
    }

    @Override
    public String getLoggerFqcn() {
        return event.getLoggerFqcn();
    }

    @Override
    public Level getLevel() {
        return event.getLevel();
    }

    @Override
    public String getLoggerName() {
        return event.getLoggerName();
    }

    @Override
    public Marker getMarker() {
        return event.getMarker();
    }

    @Override
    public Message getMessage() {
        return message;
    }

    @Override
    public long getTimeMillis() {
        return event.getTimeMillis();
    }

    @Override
    public Instant getInstant() {
        return event.getInstant();
    }

    /** The caller's location with {@code includeLocation} (computed on this thread if it was not yet), else null. */
    @Override
    public StackTraceElement getSource() {
        return includeLocation ? event.getSource() : null;
    }

    @Override
    public String getThreadName() {
        return event.getThreadName();
    }

    @Override
    public long getThreadId() {
        return event.getThreadId();
    }

    @Override
    public int getThreadPriority() {
        return event.getThreadPriority();
    }

    @Override
    public Throwable getThrown() {
        return event.getThrown();
    }

    @Override
    @SuppressWarnings("deprecation") // still part of LogEvent, read by Log4j2's own layouts
    public ThrowableProxy getThrownProxy() {
        return event.getThrownProxy();
    }

    @Override
    public boolean isEndOfBatch() {
        return false;
    }

    /** Ignored: the view's end of batch is always false (see the class notes). */
    @Override
    public void setEndOfBatch(boolean endOfBatch) {
        // the delivery decides the flush
    }

    @Override
    public boolean isIncludeLocation() {
        return includeLocation;
    }

    @Override
    public void setIncludeLocation(boolean locationRequired) {
        this.includeLocation = locationRequired;
    }

    @Override
    public long getNanoTime() {
        return event.getNanoTime();
    }

    @Override
    public String toString() {
        return "EncodingView[" + event + "]";
    }
}
