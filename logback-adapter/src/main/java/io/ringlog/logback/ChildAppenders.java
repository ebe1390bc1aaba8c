package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.spi.ContextAware;
import ch.qos.logback.core.spi.AppenderAttachable;
import ch.qos.logback.core.util.COWArrayList;
import java.util.Iterator;

/**
 * The children of one appender ({@code <appender-ref>}s, or appenders attached in code), in attachment order; the
 * owner starts those that are not started when it starts and stops them when it stops. Any thread: the list is Logback's
 * {@link COWArrayList}, whose {@link #snapshot()} is a cached array that is recopied only after a change,
 * so the consumer reads it per event without allocating.
 */
final class ChildAppenders implements AppenderAttachable<ILoggingEvent> {

    @SuppressWarnings({"unchecked", "rawtypes"})
    private final COWArrayList<Appender<ILoggingEvent>> children = new COWArrayList<>(new Appender[0]);

    /** The current children; the same array instance until the list changes. Never modify it. */
    Appender<ILoggingEvent>[] snapshot() {
        return children.asTypedArray();
    }

    /**
     * Appends an event to every child on the caller's thread, as Logback does for a synchronous appender, once the
     * pipeline no longer queues (see {@code RingAsyncAppender}). A child that throws is reported and does not keep the
     * event from the others; with {@code flushBuffered} (the appender's {@code flushAtEndOfBatch}), a stream child
     * that buffers ({@code immediateFlush=false}) is flushed, each event being a batch of its own. Callers may do this concurrently: each child serialises its own appends, and the
     * unlocked flush goes to Logback's buffered stream, whose writes and flushes are themselves synchronised.
     */
    void appendOnCallerThread(ILoggingEvent event, ContextAware status, boolean flushBuffered) {
        for (Appender<ILoggingEvent> child : children.asTypedArray()) {
            try {
                child.doAppend(event);
                if (flushBuffered && BatchedFlush.isBufferingStream(child)) {
                    BatchedFlush.flushUnlocked((OutputStreamAppender<ILoggingEvent>) child, status, "after a delivery on the caller's thread");
                }
            } catch (RuntimeException failure) {
                status.addError("Could not deliver an event to appender [" + child.getName() + "] on the caller's thread; "
                        + "it was not written there", failure);
            }
        }
    }

    boolean isEmpty() {
        return children.isEmpty();
    }

    /** Stops every started child; they stay attached so that a restart can start and use them again. */
    void stopAll() {
        for (Appender<ILoggingEvent> child : children.asTypedArray()) {
            if (child.isStarted()) {
                child.stop();
            }
        }
    }

    /**
     * Starts every attached child that is not started: those {@link #stopAll()} stopped at the owner's last stop, and
     * those attached without being started (programmatic set-up, where nobody else starts them). A child that still
     * is not started afterwards (its own configuration is invalid) is reported: what is delivered to it is lost.
     */
    void startStopped(ContextAware status) {
        for (Appender<ILoggingEvent> child : children.asTypedArray()) {
            if (!child.isStarted()) {
                child.start();
                if (!child.isStarted()) {
                    status.addWarn("Child appender [" + child.getName() + "] did not start (see its own errors); the events "
                            + "delivered to it are lost until it starts.");
                }
            }
        }
    }

    @Override
    public void addAppender(Appender<ILoggingEvent> newAppender) {
        if (newAppender == null) {
            throw new IllegalArgumentException("Null argument disallowed");
        }
        children.addIfAbsent(newAppender);
    }

    @Override
    public Iterator<Appender<ILoggingEvent>> iteratorForAppenders() {
        return children.iterator();
    }

    @Override
    public Appender<ILoggingEvent> getAppender(String name) {
        if (name == null) {
            return null;
        }
        for (Appender<ILoggingEvent> child : children.asTypedArray()) {
            if (name.equals(child.getName())) {
                return child;
            }
        }
        return null;
    }

    @Override
    public boolean isAttached(Appender<ILoggingEvent> appender) {
        for (Appender<ILoggingEvent> child : children.asTypedArray()) {
            if (child == appender) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void detachAndStopAllAppenders() {
        for (Appender<ILoggingEvent> child : children.asTypedArray()) {
            child.stop();
        }
        children.clear();
    }

    @Override
    public boolean detachAppender(Appender<ILoggingEvent> appender) {
        return appender != null && children.remove(appender);
    }

    @Override
    public boolean detachAppender(String name) {
        Appender<ILoggingEvent> child = getAppender(name);
        return child != null && detachAppender(child);
    }
}
