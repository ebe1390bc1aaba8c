package io.ringlog.spring.boot.logging;

import io.ringlog.core.LiveAppender;
import io.ringlog.core.LiveAppenders;
import io.ringlog.core.PipelineStats;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.commons.logging.LogFactory;
import org.springframework.context.SmartLifecycle;

/**
 * When the application context closes, waits for Ringlog's appenders to deliver what they hold before the context
 * destroys its beans. Spring Boot stops logging (and with it Ringlog, which drains) only after the context has closed;
 * a downstream appender that needs a bean of the context, such as OpenTelemetry's appender, whose SDK is a bean, would
 * otherwise get the events still queued at that moment after the bean is gone, and they would be lost.
 *
 * <p>Its phase is the lowest, so it stops after every other lifecycle bean (the web server among them: requests in
 * flight have logged by then) and before any bean is destroyed. The wait ends when each live appender has delivered
 * (or failed) every event it had accepted when the wait began, when its pipeline has failed, or after
 * {@value #BOUND_MILLIS} ms in all; it polls every millisecond, and an empty queue returns at once. Events logged later,
 * while beans are destroyed, are delivered by the drain at logging's shutdown as before.
 */
public final class QueuedEventsDeliveredOnClose implements SmartLifecycle {
    /** The longest the close waits for the queues, in milliseconds. */
    static final long BOUND_MILLIS = 5_000;
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private volatile boolean running;

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
        for (LiveAppender appender : LiveAppenders.live()) {
            if (!awaitDelivered(appender, deadline)) {
                PipelineStats stats = appender.stats();
                LogFactory.getLog(QueuedEventsDeliveredOnClose.class).warn("Ringlog appender '" + appender.name()
                        + "' still held " + stats.queueSize() + " events when the application context closed, after "
                        + BOUND_MILLIS + " ms; they are delivered when logging shuts down, after the context's beans are gone");
                return;
            }
        }
    }

    /** False if the deadline passed first. */
    private static boolean awaitDelivered(LiveAppender appender, long deadline) {
        long accepted = appender.stats().enqueued();
        for (;;) {
            PipelineStats stats = appender.stats();
            if (stats.delivered() + stats.failed() >= accepted || appender.failed()) {
                return true;
            }
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return Integer.MIN_VALUE;
    }
}
