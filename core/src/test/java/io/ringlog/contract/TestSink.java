package io.ringlog.contract;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What one test appender received, in order; it can be held shut so that the consumer blocks inside the
 * first delivery, which lets a test fill the queue deterministically.
 */
public final class TestSink {
    private final List<String> records = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch entered = new CountDownLatch(1);
    private volatile CountDownLatch gate = new CountDownLatch(0);

    /** Called by the adapter's test appender on the consumer thread for each event it receives. */
    public void deliver(String record) throws InterruptedException {
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
}
