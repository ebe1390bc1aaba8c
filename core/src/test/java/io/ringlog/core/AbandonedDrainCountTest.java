package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A drain that gives up while the consumer is moving fast reports exactly what it leaves behind: the events it reports
 * as never delivered plus those the consumer delivered are the events enqueued, never one more. The stop reads where
 * the consumer stands while the consumer hands on an event every hundred nanoseconds or so, so in some of these rounds
 * one event finishes and the next starts between the stop's reads: a reading that is not of one instant counted the
 * finished event as in flight and the started one as never handed on.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AbandonedDrainCountTest {
    private static final int ROUNDS = 200;
    private static final int QUEUED = 60_000;

    @Test
    void anAbandonedDrainNeverReportsMoreLostThanTheQueueHeld() throws InterruptedException {
        int abandoned = 0;
        for (int round = 0; round < ROUNDS; round++) {
            if (abandonOneDrain(round)) {
                abandoned++;
            }
        }
        System.out.printf("[figures] abandoned drains: %d of %d rounds%n", abandoned, ROUNDS);
        assertThat(abandoned).as("rounds whose drain gave up (the drain must outlast its 1 ms bound)").isGreaterThan(ROUNDS / 2);
    }

    /** One pipeline: queue, release the consumer, stop with a 1 ms bound; returns whether the drain gave up. */
    private static boolean abandonOneDrain(int round) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        AtomicLong delivered = new AtomicLong();
        EventSink<TestSlot> sink = new EventSink<>() {
            @Override
            public void deliver(TestSlot slot, boolean endOfBatch) throws InterruptedException {
                release.await();
                Thread.onSpinWait(); // a little work per event: the drain then outlasts its bound, with events still moving
                Thread.onSpinWait();
                delivered.incrementAndGet();
            }

            @Override
            public void clear(TestSlot slot) {
                slot.message = null;
            }
        };
        AsyncPipeline<TestSlot> pipeline = AsyncPipeline.create(PipelineSettings.builder("abandoned-" + round)
                .capacity(1 << 16).drainTimeoutMillis(1).drainOnJvmExit(false).build(), TestSlot::new, sink, new RecordingStatus());
        pipeline.start();
        TestEvent event = TestEvent.of(EventLevel.INFO, "e");
        for (int i = 0; i < QUEUED; i++) {
            pipeline.offer(EventLevel.INFO, event, TestSlot.WRITER);
        }
        release.countDown();
        StopReport report = pipeline.stop();
        if (report.drained()) {
            return false;
        }
        // The consumer stops after the event it is in (and at most one more it had begun): wait until it has.
        awaitEnd("ringlog-abandoned-" + round);
        long enqueued = pipeline.stats().enqueued();
        assertThat(delivered.get() + report.undelivered())
                .as("round %d: delivered %d after the stop + reported undelivered %d (in flight: %s) vs enqueued %d",
                        round, delivered.get(), report.undelivered(), report.deliveryInFlight(), enqueued)
                .isEqualTo(enqueued);
        return true;
    }

    private static void awaitEnd(String consumerName) throws InterruptedException {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().equals(consumerName)) {
                thread.join(TimeUnit.SECONDS.toMillis(10));
                assertThat(thread.isAlive()).as("%s still running 10 s after its drain gave up", consumerName).isFalse();
            }
        }
    }
}
