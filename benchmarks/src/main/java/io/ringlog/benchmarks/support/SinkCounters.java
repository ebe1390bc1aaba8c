package io.ringlog.benchmarks.support;

import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * What the benchmark sinks of both frameworks share: the count of events they received, and the cost they
 * charge per event. One forked JVM benchmarks one contender, so static state is per trial. Any thread.
 */
public final class SinkCounters {

    private static final LongAdder DELIVERED = new LongAdder();
    private static final Object DEVICE = new Object();
    /** Set before the context stops, so that a stalled sink drains a full queue in milliseconds, not minutes. */
    private static volatile boolean fastForward;
    /** Keeps the materialised messages observable so the JIT cannot elide their formatting. */
    private static volatile int sink;

    private SinkCounters() {
    }

    /**
     * Accounts for one delivered event whose formatted message is {@code message}, charging the sink's cost.
     *
     * @param spinNanos busy CPU time per event, serialised like one device (0 = none)
     * @param parkNanos idle time per event, serialised like one device (0 = none)
     */
    public static void deliver(String message, long spinNanos, long parkNanos) {
        if (spinNanos > 0 || parkNanos > 0) {
            charge(spinNanos, parkNanos);
        }
        if (message.length() == Integer.MIN_VALUE) {
            sink = message.hashCode();
        }
        DELIVERED.increment();
    }

    private static void charge(long spinNanos, long parkNanos) {
        if (fastForward) {
            return;
        }
        synchronized (DEVICE) {
            if (spinNanos > 0) {
                long end = System.nanoTime() + spinNanos;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            }
            if (parkNanos > 0) {
                LockSupport.parkNanos(parkNanos);
            }
        }
    }

    /** Events received by the counting, slow and stalled sinks of this JVM. */
    public static long delivered() {
        return DELIVERED.sum();
    }

    /** Makes every later event free, so that a queue of stalled events drains at once. */
    public static void fastForward() {
        fastForward = true;
    }

    /** Back to normal cost, counts kept. */
    public static void resetCost() {
        fastForward = false;
    }

    static int sinkValue() {
        return sink;
    }
}
