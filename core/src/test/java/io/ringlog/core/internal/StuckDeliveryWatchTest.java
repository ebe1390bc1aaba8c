package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.OfferOutcome;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.SlotWriter;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link AsyncPipeline#tryOfferUnlessStuck}: a caller that must not wait is told to write its event itself while the
 * consumer makes progress, takes a slot that frees while it watches, and drops (and counts) its event only when the
 * consumer stays inside one event for the whole watch.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StuckDeliveryWatchTest {
    private static final SlotWriter<Object[], Object> WRITER = (slot, event) -> slot[0] = event;

    /** A sink whose every delivery waits for the test to let one event through. */
    private static final class GatedSink implements EventSink<Object[]> {
        final AtomicInteger entered = new AtomicInteger();
        final Semaphore passes = new Semaphore(0);

        @Override
        public void deliver(Object[] slot, boolean endOfBatch) throws InterruptedException {
            entered.incrementAndGet();
            passes.acquire();
        }

        @Override
        public void clear(Object[] slot) {
            slot[0] = null;
        }
    }

    private static AsyncPipeline<Object[]> fullRingBehind(GatedSink sink) {
        AsyncPipeline<Object[]> pipeline = AsyncPipeline.create(PipelineSettings.builder("stuck-watch").capacity(4)
                .drainTimeoutMillis(200).drainOnJvmExit(false).build(), () -> new Object[1], sink, QuietStatus.INSTANCE);
        pipeline.start();
        assertThat(pipeline.offer(EventLevel.INFO, "inside", WRITER)).isTrue();
        await().until(() -> sink.entered.get() == 1);
        for (int i = 0; i < 3; i++) { // the slot of the event inside the sink is not free yet
            assertThat(pipeline.offer(EventLevel.INFO, "queued " + i, WRITER)).isTrue();
        }
        assertThat(pipeline.tryOffer(EventLevel.INFO, "refused", WRITER)).isEqualTo(OfferOutcome.FULL);
        return pipeline;
    }

    @Test
    void aConsumerStuckInOneEventHasTheCallersEventDroppedAndCounted() {
        GatedSink sink = new GatedSink();
        AsyncPipeline<Object[]> pipeline = fullRingBehind(sink);
        try {
            long begun = System.nanoTime();
            OfferOutcome outcome = pipeline.tryOfferUnlessStuck(EventLevel.WARN, "watching", WRITER, 0);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
            assertThat(outcome).isEqualTo(OfferOutcome.DROPPED);
            assertThat(millis).isGreaterThanOrEqualTo(AsyncPipeline.STUCK_DELIVERY_MILLIS);
            assertThat(pipeline.stats().dropped(EventLevel.WARN, DropReason.QUEUE_FULL)).isEqualTo(1);
        } finally {
            sink.passes.release(100);
            pipeline.stop();
        }
    }

    @Test
    void aConsumerThatMovesOnLeavesTheEventToTheCaller() throws Exception {
        GatedSink sink = new GatedSink();
        AsyncPipeline<Object[]> pipeline = fullRingBehind(sink);
        try {
            OfferOutcome[] outcome = new OfferOutcome[1];
            Thread watcher = new Thread(() -> outcome[0] = pipeline.tryOfferUnlessStuck(EventLevel.WARN, "watching", WRITER, 0));
            watcher.start();
            await().until(() -> watcher.getState() == Thread.State.TIMED_WAITING);
            sink.passes.release(); // the consumer finishes "inside" and begins the next: a slot frees, or it moved on
            watcher.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(outcome[0]).isIn(OfferOutcome.ACCEPTED, OfferOutcome.FULL);
            assertThat(pipeline.stats().dropped()).isZero();
        } finally {
            sink.passes.release(100);
            pipeline.stop();
        }
    }
}
