package io.ringlog.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A sink that records what it receives and can be held shut: while closed, the consumer blocks inside
 * {@link #deliver} on the first event it gets, which lets a test fill the ring deterministically.
 */
final class RecordingSink implements EventSink<TestSlot> {
    final List<String> delivered = Collections.synchronizedList(new ArrayList<>());
    final List<Boolean> endOfBatchFlags = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger cleared = new AtomicInteger();
    final CountDownLatch firstDeliveryStarted = new CountDownLatch(1);
    private volatile CountDownLatch gate = new CountDownLatch(0);
    private volatile Consumer<TestSlot> behaviour = slot -> { };

    /** Makes the next deliveries wait until {@link #open()}. */
    RecordingSink closed() {
        gate = new CountDownLatch(1);
        return this;
    }

    void open() {
        gate.countDown();
    }

    /** Runs {@code action} inside each delivery, before recording (it may throw). */
    RecordingSink onDeliver(Consumer<TestSlot> action) {
        this.behaviour = action;
        return this;
    }

    @Override
    public void deliver(TestSlot slot, boolean endOfBatch) throws InterruptedException {
        firstDeliveryStarted.countDown();
        gate.await();
        behaviour.accept(slot);
        delivered.add(slot.message);
        endOfBatchFlags.add(endOfBatch);
    }

    @Override
    public void clear(TestSlot slot) {
        slot.message = null;
        slot.attachment = null;
        cleared.incrementAndGet();
    }
}
