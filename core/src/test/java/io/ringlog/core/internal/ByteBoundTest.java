package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.TestThreads;
import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.OfferOutcome;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.SlotWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The byte bound: behind a held target, events of {@value #EVENT_BYTES} bytes fill a bound of {@value #BOUND_BYTES}
 * bytes after four of them, in a ring with room for a thousand; the fifth is handled as one that finds the ring full,
 * as the policy says. Small events do not count, and one event larger than the bound still passes into an empty queue.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ByteBoundTest {
    private static final int EVENT_BYTES = 16 * 1024;
    private static final long BOUND_BYTES = 4 * EVENT_BYTES;
    private static final SlotWriter<long[], Long> WRITER = (slot, value) -> slot[0] = value;

    private final CountDownLatch held = new CountDownLatch(1);
    private final LongAdder delivered = new LongAdder();
    private AsyncPipeline<long[]> pipeline;

    private AsyncPipeline<long[]> start(FullQueuePolicy policy, long maxBlockMillis) {
        EventSink<long[]> sink = new EventSink<>() {
            @Override
            public void deliver(long[] slot, boolean endOfBatch) {
                try {
                    held.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                delivered.increment();
            }

            @Override
            public void clear(long[] slot) {
                slot[0] = 0;
            }
        };
        pipeline = AsyncPipeline.create(PipelineSettings.builder("bytes").capacity(1024).fullQueuePolicy(policy)
                .maxBlockTime(maxBlockMillis, TimeUnit.MILLISECONDS).maxQueueBytes(BOUND_BYTES).drainOnJvmExit(false).build(),
                () -> new long[1], sink, QuietStatus.INSTANCE);
        pipeline.start();
        return pipeline;
    }

    @AfterEach
    void stop() {
        held.countDown();
        if (pipeline != null) {
            pipeline.stop();
        }
    }

    /** Four large events: the byte bound is reached (the first is held in the target, its bytes still counted). */
    private void fillTheBound(EventLevel level) {
        for (long i = 0; i < 4; i++) {
            assertThat(offerLarge(level, i)).isEqualTo(OfferOutcome.ACCEPTED);
        }
    }

    private OfferOutcome offerLarge(EventLevel level, long value) {
        return pipeline.offerWhileRunning(level, value, WRITER, EVENT_BYTES);
    }

    @Test
    void blockWaitsForBytesAndLosesNothing() throws Exception {
        start(FullQueuePolicy.BLOCK, -1);
        fillTheBound(EventLevel.ERROR);
        AtomicReference<OfferOutcome> fifth = new AtomicReference<>();
        Thread caller = TestThreads.startThread("fifth", () -> fifth.set(offerLarge(EventLevel.ERROR, 4L)));
        TestThreads.awaitParked(caller);
        assertThat(fifth.get()).as("the bound is reached: the caller waits").isNull();
        assertThat(pipeline.stats().enqueued()).isEqualTo(4);
        assertThat(pipeline.offerWhileRunning(EventLevel.ERROR, 5L, WRITER, 100)).as("a small event is bounded by slots only")
                .isEqualTo(OfferOutcome.ACCEPTED);

        held.countDown();
        caller.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(fifth.get()).isEqualTo(OfferOutcome.ACCEPTED);
        await().until(() -> delivered.sum() == 6);
        assertThat(pipeline.stats().dropped()).isZero();
        assertThat(pipeline.stats().callersBlocked()).isEqualTo(1);
    }

    @Test
    void dropPoliciesDropWithTheirOwnReason() {
        start(FullQueuePolicy.DROP_BELOW_WARN, 0);
        fillTheBound(EventLevel.INFO);
        assertThat(offerLarge(EventLevel.INFO, 4L)).isEqualTo(OfferOutcome.DROPPED);
        assertThat(pipeline.tryOffer(EventLevel.INFO, 5L, WRITER, EVENT_BYTES)).as("tryOffer: refused, not counted")
                .isEqualTo(OfferOutcome.FULL);
        assertThat(pipeline.stats().dropped(EventLevel.INFO, DropReason.QUEUE_BYTES_FULL)).isEqualTo(1);
        assertThat(pipeline.stats().dropped()).isEqualTo(1);
    }

    @Test
    void aWaitForBytesEndsAtTheBlockBound() {
        start(FullQueuePolicy.BLOCK, 50);
        fillTheBound(EventLevel.WARN);
        assertThat(offerLarge(EventLevel.WARN, 4L)).isEqualTo(OfferOutcome.DROPPED);
        assertThat(pipeline.stats().dropped(EventLevel.WARN, DropReason.BLOCK_TIME_EXCEEDED)).isEqualTo(1);
        assertThat(pipeline.stats().callersBlocked()).isEqualTo(1);
    }

    @Test
    void anEventLargerThanTheBoundPassesIntoAnEmptyQueue() {
        start(FullQueuePolicy.DROP_ALL, 0);
        assertThat(pipeline.offerWhileRunning(EventLevel.ERROR, 0L, WRITER, 10 * BOUND_BYTES)).isEqualTo(OfferOutcome.ACCEPTED);
        assertThat(offerLarge(EventLevel.ERROR, 1L)).isEqualTo(OfferOutcome.DROPPED);
        assertThat(pipeline.stats().dropped(EventLevel.ERROR, DropReason.QUEUE_BYTES_FULL)).isEqualTo(1);
    }

    @Test
    void noBoundWhenTurnedOff() {
        pipeline = AsyncPipeline.create(PipelineSettings.builder("no-bytes").capacity(16).fullQueuePolicy(FullQueuePolicy.DROP_ALL)
                .maxQueueBytes(0).drainOnJvmExit(false).build(), () -> new long[1], new EventSink<>() {
                    @Override
                    public void deliver(long[] slot, boolean endOfBatch) {
                        try {
                            held.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }

                    @Override
                    public void clear(long[] slot) {
                    }
                }, QuietStatus.INSTANCE);
        pipeline.start();
        for (long i = 0; i < 16; i++) {
            assertThat(pipeline.offerWhileRunning(EventLevel.ERROR, i, WRITER, 10 * BOUND_BYTES)).isEqualTo(OfferOutcome.ACCEPTED);
        }
        assertThat(pipeline.stats().dropped()).isZero();
    }
}
