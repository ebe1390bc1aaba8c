package io.ringlog.contract;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one test appender received, in order, and on which threads; it can be held shut so that the consumer blocks
 * inside the first delivery, which lets a test fill the queue deterministically.
 */
public final class TestSink {
    private final List<String> records = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, LongAdder> deliveriesByThread = new ConcurrentHashMap<>();
    private final CountDownLatch entered = new CountDownLatch(1);
    private volatile CountDownLatch gate = new CountDownLatch(0);

    /** Called by the adapter's test appender on the consumer thread for each event it receives. */
    public void deliver(String record) throws InterruptedException {
        deliveriesByThread.computeIfAbsent(Thread.currentThread().getName(), ignored -> new LongAdder()).increment();
        entered.countDown();
        gate.await();
        records.add(record);
    }

    /** Makes deliveries wait until {@link #open()}. */
    public void close() {
        gate = new CountDownLatch(1);
    }

    public void open() {
        gate.countDown();
    }

    /** Waits until a delivery has begun (and, if closed, is being held). */
    public void awaitEntered() throws InterruptedException {
        if (!entered.await(10, TimeUnit.SECONDS)) {
            throw new AssertionError("no event reached the test appender within 10 s");
        }
    }

    /** A copy of what was received so far. */
    public List<String> records() {
        synchronized (records) {
            return new ArrayList<>(records);
        }
    }

    /** How many deliveries began on each thread, by thread name, sorted by name. */
    public Map<String, Long> deliveriesByThread() {
        Map<String, Long> counts = new TreeMap<>();
        deliveriesByThread.forEach((thread, count) -> counts.put(thread, count.sum()));
        return counts;
    }
}
