package io.ringlog.benchmarks.heap;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The downstream that stops taking events: once {@link #hold()} is called, the first event to arrive keeps the
 * asynchronous appender's consumer thread inside {@link #deliver()} until {@link #release()}, so that its queue fills
 * behind it and stays full. Static, since each run has a JVM of its own and the frameworks instantiate the appenders.
 * Any thread.
 */
final class HeldSink {

    private static final CountDownLatch NOT_HELD = new CountDownLatch(0);
    private static volatile CountDownLatch gate = NOT_HELD;
    private static final AtomicLong ENTERED = new AtomicLong();
    private static final AtomicLong DELIVERED = new AtomicLong();

    private HeldSink() {
    }

    /** From now on, every event waits in {@link #deliver()} until {@link #release()}. */
    static void hold() {
        gate = new CountDownLatch(1);
    }

    /** Lets every waiting and later event through. */
    static void release() {
        gate.countDown();
    }

    /** Called by the sink appenders with each event: counts it in, waits while held, counts it delivered. */
    static void deliver() {
        ENTERED.incrementAndGet();
        try {
            while (!gate.await(1, TimeUnit.SECONDS)) {
                // held: the run releases the gate, or the JVM ends
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while held", e);
        }
        DELIVERED.incrementAndGet();
    }

    /** Events that reached the sink, held or not. */
    static long entered() {
        return ENTERED.get();
    }

    /** Events the sink let through. */
    static long delivered() {
        return DELIVERED.get();
    }
}
