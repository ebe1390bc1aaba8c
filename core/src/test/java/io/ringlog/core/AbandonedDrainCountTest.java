package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A drain that gives up while the consumer is moving fast reports exactly what it leaves behind: the events it reports
 * as never delivered plus those the consumer delivered are the events enqueued, never one more. Each round queues
 * {@value #QUEUED} events behind a target that, once it has brought the queue down to {@value #KEPT_QUEUED}, logs one
 * more event for each it receives (as a downstream appender that logs may; a drain still queues it). So the queue never
 * empties and every drain gives up at its bound of 1 ms, with the consumer still handing on events, however late the
 * scheduler lets the stopping thread see its bound: with a queue that could empty, a stop that ran late on loaded cores
 * found it drained, and too few rounds tested anything. The stop reads where the consumer stands while it hands on an
 * event every few tens of nanoseconds, so in some rounds one event finishes and the next starts between the stop's
 * reads: a reading that is not of one instant counted the finished event as in flight and the started one as never
 * handed on. And a consumer that checked the state just before it changed begins one more event once the scheduler lets
 * it: a stop that waited for that 50 ms at most counted the event as never handed on, although it was delivered
 * (60,001 against 60,000, on two loaded cores).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AbandonedDrainCountTest {
    private static final int ROUNDS = 200;
    private static final int QUEUED = 60_000;
    private static final int KEPT_QUEUED = 1_000;

    @Test
    void anAbandonedDrainNeverReportsMoreLostThanTheQueueHeld() throws InterruptedException {
        int beforeTheTargetLogged = 0;
        for (int round = 0; round < ROUNDS; round++) {
            if (abandonOneDrain(round) > KEPT_QUEUED) {
                beforeTheTargetLogged++;
            }
        }
        System.out.printf("[figures] abandoned drains: %d rounds, %d of them before the target began to log%n", ROUNDS,
                beforeTheTargetLogged);
    }

    /**
     * One pipeline: queue, release the consumer, stop with a 1 ms bound, wait for the consumer to end and compare the
     * counts; returns the events the stop reported undelivered.
     */
    private static long abandonOneDrain(int round) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        AtomicLong delivered = new AtomicLong();
        AtomicReference<AsyncPipeline<TestSlot>> pipelineOfSink = new AtomicReference<>();
        TestEvent event = TestEvent.of(EventLevel.INFO, "e");
        EventSink<TestSlot> sink = new EventSink<>() {
            @Override
            public void deliver(TestSlot slot, boolean endOfBatch) throws InterruptedException {
                release.await();
                Thread.onSpinWait(); // a little work per event: the queue outlasts the bound, with events still moving
                Thread.onSpinWait();
                if (delivered.incrementAndGet() > QUEUED - KEPT_QUEUED) {
                    // One event logged for each delivered: the queue never empties, so the drain can only give up.
                    pipelineOfSink.get().offer(EventLevel.INFO, event, TestSlot.WRITER);
                }
            }

            @Override
            public void clear(TestSlot slot) {
                slot.message = null;
            }
        };
        AsyncPipeline<TestSlot> pipeline = AsyncPipeline.create(PipelineSettings.builder("abandoned-" + round)
                .capacity(1 << 16).drainTimeoutMillis(1).drainOnJvmExit(false).build(), TestSlot::new, sink, new RecordingStatus());
        pipelineOfSink.set(pipeline);
        pipeline.start();
        for (int i = 0; i < QUEUED; i++) {
            pipeline.offer(EventLevel.INFO, event, TestSlot.WRITER);
        }
        release.countDown();
        StopReport report = pipeline.stop();
        assertThat(report.drained()).as("round %d: a drain whose queue never empties gave up: %s", round, report).isFalse();
        assertThat(report.undelivered()).as("round %d: it gave up with events queued: %s", round, report).isPositive();
        // The consumer stops after the event it is in (and at most one more it had begun): wait until it has.
        awaitEnd("ringlog-abandoned-" + round);
        long enqueued = pipeline.stats().enqueued();
        assertThat(delivered.get() + report.undelivered())
                .as("round %d: delivered %d + reported undelivered %d (in flight: %s) vs enqueued %d",
                        round, delivered.get(), report.undelivered(), report.deliveryInFlight(), enqueued)
                .isEqualTo(enqueued);
        return report.undelivered();
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
