package io.ringlog.core.internal;

import io.ringlog.core.LiveAppender;
import io.ringlog.core.LiveAppenders;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The list behind {@link LiveAppenders}: the started appenders of this class loader and the listeners that follow
 * them.
 *
 * <p>Implementation notes: {@code LIVE} and {@code LISTENERS} are copy-on-write lists, so that {@link #live()} reads
 * without a lock. Every change of either, and every call of a listener, happens under the class's monitor: a
 * listener that subscribes sees the live appenders and then each later change exactly once, in order, and is never
 * called concurrently. Lifecycle paths only (an appender's start and stop), never an appender's hot path. A
 * listener that throws is skipped: an appender's start or stop never fails because of monitoring.
 */
public final class LiveAppenderRegistry {
    private static final List<LiveAppender> LIVE = new CopyOnWriteArrayList<>();
    private static final List<LiveAppenders.Listener> LISTENERS = new CopyOnWriteArrayList<>();

    private LiveAppenderRegistry() {
    }

    /** See {@link LiveAppenders#register}. */
    public static synchronized LiveAppenders.Registration register(LiveAppender appender) {
        LIVE.add(appender);
        for (LiveAppenders.Listener listener : LISTENERS) {
            tell(listener, appender, true);
        }
        return new Once(() -> unregister(appender));
    }

    private static synchronized void unregister(LiveAppender appender) {
        if (LIVE.remove(appender)) {
            for (LiveAppenders.Listener listener : LISTENERS) {
                tell(listener, appender, false);
            }
        }
    }

    /** See {@link LiveAppenders#live()}. */
    public static List<LiveAppender> live() {
        return new ArrayList<>(LIVE);
    }

    /** See {@link LiveAppenders#subscribe}. */
    public static synchronized LiveAppenders.Registration subscribe(LiveAppenders.Listener listener) {
        for (LiveAppender appender : LIVE) {
            tell(listener, appender, true);
        }
        LISTENERS.add(listener);
        return new Once(() -> unsubscribe(listener));
    }

    private static synchronized void unsubscribe(LiveAppenders.Listener listener) {
        LISTENERS.remove(listener);
    }

    private static void tell(LiveAppenders.Listener listener, LiveAppender appender, boolean started) {
        try {
            if (started) {
                listener.started(appender);
            } else {
                listener.stopped(appender);
            }
        } catch (RuntimeException ignored) {
            // Monitoring must never fail an appender's start or stop.
        }
    }

    /**
     * Runs its action on the first close only. {@code closed} is read and written under the registry's monitor (the
     * action takes it too), so two threads closing at once run the action once.
     */
    private static final class Once implements LiveAppenders.Registration {
        private final Runnable action;
        private boolean closed;

        Once(Runnable action) {
            this.action = action;
        }

        @Override
        public void close() {
            synchronized (LiveAppenderRegistry.class) {
                if (closed) {
                    return;
                }
                closed = true;
                action.run();
            }
        }
    }
}
