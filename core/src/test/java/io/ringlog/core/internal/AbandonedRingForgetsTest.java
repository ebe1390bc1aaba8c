package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.SlotWriter;
import io.ringlog.core.StopReport;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A drain that gives up while the consumer is stuck in a downstream appender (perhaps for good) leaves the queued
 * events' slots cleared: the events are lost and reported, and no longer held by a ring that the stuck thread keeps
 * reachable until the JVM ends.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AbandonedRingForgetsTest {
    private static final SlotWriter<Object[], Object> WRITER = (slot, event) -> slot[0] = event;

    @Test
    void anAbandonedDrainClearsWhatItLeavesBehind() {
        CountDownLatch stuck = new CountDownLatch(1);
        AtomicInteger entered = new AtomicInteger();
        EventSink<Object[]> sink = new EventSink<>() {
            @Override
            public void deliver(Object[] slot, boolean endOfBatch) throws InterruptedException {
                entered.incrementAndGet();
                stuck.await();
            }

            @Override
            public void clear(Object[] slot) {
                slot[0] = null;
            }
        };
        Object[][] slots = new Object[16][];
        AtomicInteger made = new AtomicInteger();
        AsyncPipeline<Object[]> pipeline = AsyncPipeline.create(PipelineSettings.builder("abandoned-forgets").capacity(16)
                .drainTimeoutMillis(50).drainOnJvmExit(false).build(), () -> slots[made.getAndIncrement()] = new Object[1], sink,
                QuietStatus.INSTANCE);
        pipeline.start();
        try {
            for (int i = 0; i < 10; i++) {
                assertThat(pipeline.offer(EventLevel.ERROR, new byte[1024], WRITER)).isTrue();
            }
            await().until(() -> entered.get() == 1);
            StopReport report = pipeline.stop();
            assertThat(report.drained()).isFalse();
            assertThat(report.undelivered()).isEqualTo(9);
            assertThat(made.get()).as("slots created: one per event, on demand").isEqualTo(10);
            int holding = 0;
            for (int i = 0; i < made.get(); i++) {
                if (slots[i][0] != null) {
                    holding++;
                }
            }
            assertThat(holding).as("slots still holding an event: only the one inside the stuck appender").isEqualTo(1);
        } finally {
            stuck.countDown();
        }
    }
}
