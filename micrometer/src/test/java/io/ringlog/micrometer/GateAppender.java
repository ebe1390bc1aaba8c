package io.ringlog.micrometer;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Logback test appender that can be held closed, so that the ring's consumer waits inside it and the ring fills
 * deterministically. The gate is shared by every instance: a reconfiguration creates new ones.
 */
public class GateAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {
    private static volatile CountDownLatch gate = new CountDownLatch(0);
    private static final AtomicInteger ARRIVALS = new AtomicInteger();

    /** Holds every later event at the gate until {@link #open()}. */
    static void close() {
        gate = new CountDownLatch(1);
    }

    static void open() {
        gate.countDown();
    }

    /** How many events have reached the gate, including those held there. */
    static int arrivals() {
        return ARRIVALS.get();
    }

    @Override
    protected void append(ILoggingEvent event) {
        ARRIVALS.incrementAndGet();
        try {
            if (!gate.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
