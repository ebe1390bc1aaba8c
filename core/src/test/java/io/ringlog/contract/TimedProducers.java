package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.EventLevel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * {@value #PRODUCERS} threads ({@code producer-<p>}) logging {@code p<p> #<i> <payload>} (i = 0, 1, ...) at the
 * {@link StressLoad} mix of levels (30% WARN or ERROR) until {@link #finish()}, pausing after each call (by default
 * {@value #DEFAULT_PAUSE_MICROS} µs) so that a healthy sink keeps up and only a sink in trouble fills the ring. The payload (200 characters) makes
 * a stalled peer fill the sender's socket buffers soon, even where they grow to megabytes. Each call is timed with {@link System#nanoTime()}:
 * the longest below WARN and at WARN or above are kept; calls begun and returned are counted, per producer.
 */
final class TimedProducers implements AutoCloseable {
    static final int PRODUCERS = 4;
    static final long DEFAULT_PAUSE_MICROS = 100;
    private static final String PAYLOAD = "x".repeat(200);

    private final AtomicLongArray begun = new AtomicLongArray(PRODUCERS);
    private final AtomicLongArray returned = new AtomicLongArray(PRODUCERS);
    private final AtomicLongArray longestBelowWarnNanos = new AtomicLongArray(PRODUCERS);
    private final AtomicLongArray longestWarnOrAboveNanos = new AtomicLongArray(PRODUCERS);
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean finishing;

    private TimedProducers() {
    }

    /** The line the pattern {@code %level|%thread|%msg} gives for producer {@code p}'s event {@code i}. */
    static String line(int producer, long index) {
        return StressLoad.level(index) + "|producer-" + producer + "|p" + producer + " #" + index + " " + PAYLOAD;
    }

    /** Starts the producers on {@code logger}, pausing {@value #DEFAULT_PAUSE_MICROS} µs after each call. */
    static TimedProducers start(LevelLogger logger) {
        return start(logger, DEFAULT_PAUSE_MICROS);
    }

    /** Starts the producers on {@code logger}, pausing {@code pauseMicros} after each call. */
    static TimedProducers start(LevelLogger logger, long pauseMicros) {
        TimedProducers load = new TimedProducers();
        for (int p = 0; p < PRODUCERS; p++) {
            int producer = p;
            load.threads.add(TestThreads.startThread("producer-" + p, () -> load.produce(logger, producer, pauseMicros)));
        }
        return load;
    }

    private void produce(LevelLogger logger, int producer, long pauseMicros) {
        try {
            for (long i = 0; !finishing; i++) {
                EventLevel level = StressLoad.level(i);
                begun.set(producer, i + 1);
                long begin = System.nanoTime();
                logger.log(level, "p{} #{} {}", producer, i, PAYLOAD);
                long took = System.nanoTime() - begin;
                returned.set(producer, i + 1);
                AtomicLongArray longest = level.compareTo(EventLevel.WARN) >= 0 ? longestWarnOrAboveNanos : longestBelowWarnNanos;
                if (took > longest.get(producer)) {
                    longest.set(producer, took);
                }
                LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(pauseMicros));
            }
        } catch (Throwable e) {
            failures.add(e);
        }
    }

    /** Calls begun so far, over all producers. */
    long begun() {
        return sum(begun);
    }

    /** Calls returned so far, over all producers. */
    long returned() {
        return sum(returned);
    }

    /** Per producer, the calls returned so far: the index of its next event. */
    long[] returnedPerProducer() {
        long[] counts = new long[PRODUCERS];
        for (int p = 0; p < PRODUCERS; p++) {
            counts[p] = returned.get(p);
        }
        return counts;
    }

    /** The longest call, in milliseconds, below WARN or at WARN and above. */
    long longestMillis(boolean warnOrAbove) {
        AtomicLongArray longest = warnOrAbove ? longestWarnOrAboveNanos : longestBelowWarnNanos;
        long max = 0;
        for (int p = 0; p < PRODUCERS; p++) {
            max = Math.max(max, longest.get(p));
        }
        return TimeUnit.NANOSECONDS.toMillis(max);
    }

    /**
     * Asks the producers to begin no more calls, and waits until each has ended or is parked inside its last call
     * (waiting for room in a full ring, as its policy allows), so that no call reaches the appender after it stops.
     */
    void finish() {
        finishing = true;
        await().atMost(Duration.ofSeconds(20)).until(() -> threads.stream().allMatch(t -> !t.isAlive() || TestThreads.isParked(t)));
    }

    /** Waits (20 s at most) until every producer has returned from its last call; no exception may have reached one. */
    void join() throws InterruptedException {
        finishing = true;
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(20));
            assertThat(thread.isAlive()).as("%s returned from its last call", thread.getName()).isFalse();
        }
        assertThat(failures).as("no exception reaches a caller").isEmpty();
    }

    /** Asks the producers to stop without waiting for them: a test that failed half-way must not leave them logging. */
    @Override
    public void close() {
        finishing = true;
    }

    private static long sum(AtomicLongArray counts) {
        long total = 0;
        for (int i = 0; i < counts.length(); i++) {
            total += counts.get(i);
        }
        return total;
    }
}
