package io.ringlog.core.internal;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Admits deliveries made on callers' threads after the pipeline stopped queueing, until the adapter closes them (just
 * before it stops its downstream appenders), and lets the closer wait for those still in progress: a caller is either
 * admitted and finishes before the downstream stops, or refused, and then its event is counted as dropped. None is
 * handed to a downstream appender that has already stopped, where it would be lost without a count.
 *
 * <p>Implementation notes: one {@link AtomicLong}, {@code count}: the number of deliveries in progress, with the sign
 * bit set once closed. {@link #enter()} CASes it up only while the sign bit is clear; {@link #exit()} decrements it;
 * {@link #close(long)} sets the sign bit (an atomic add, so no entry is lost between its read and its write) and then
 * polls until only the sign bit is left. Every access is a volatile read or an atomic read-modify-write, so an entry
 * either comes before the close (and the closer waits for its exit) or after it (and is refused). This is a slow
 * path, taken only after a stop; the closer's polling (every {@value #POLL_MICROS} µs) is bounded by its timeout.
 */
final class CallerThreadDeliveries {
    private static final long CLOSED = Long.MIN_VALUE;
    private static final long POLL_MICROS = 200;

    private final AtomicLong count = new AtomicLong();

    /** Admits one delivery; false once closed. */
    boolean enter() {
        for (;;) {
            long current = count.get();
            if (current < 0) {
                return false;
            }
            if (count.compareAndSet(current, current + 1)) {
                return true;
            }
        }
    }

    /** Ends a delivery that {@link #enter()} admitted. */
    void exit() {
        count.decrementAndGet();
    }

    /**
     * Refuses every later delivery and waits for those in progress, at most {@code timeoutMillis} (0: as long as they
     * take). Returns the number still in progress when it gave up (0 if all ended). Idempotent.
     */
    long close(long timeoutMillis) {
        long current = count.get();
        while (current >= 0 && !count.compareAndSet(current, current | CLOSED)) {
            current = count.get();
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        long inProgress;
        while ((inProgress = count.get() & Long.MAX_VALUE) > 0) {
            if (timeoutMillis > 0 && System.nanoTime() - deadline >= 0) {
                return inProgress;
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(POLL_MICROS));
        }
        return 0;
    }
}
