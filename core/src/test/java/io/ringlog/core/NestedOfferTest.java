package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A log call nested in the writing of the caller's own earlier event into its slot (a parameter's {@code toString()}
 * that logs, an encoder's converter that logs): the consumer waits for that slot, so the nested call must never wait
 * for the consumer, neither for a drain in progress nor for room in a full ring.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NestedOfferTest {
    private final StartedPipelines pipelines = new StartedPipelines();

    @AfterEach
    void stopAll() {
        pipelines.stopAll();
    }

    /**
     * The writer of "outer" waits until a stop has begun draining, then offers "nested". The drain waits for the
     * outer slot, so before the fix the nested offer was refused as closed (an adapter then waits for the drain: a
     * deadlock until the drain timeout, reported as the whole queue lost). Now it is queued, and the drain delivers
     * both, in the order they were claimed, long before the drain's 30 s bound.
     */
    @Test
    void anOfferNestedInTheCallersOwnSlotWriterDuringTheDrainIsQueuedAndTheDrainCompletes() throws Exception {
        AsyncPipeline<TestSlot> pipeline = pipelines.start(PipelineSettings.builder("test").capacity(16).drainTimeoutMillis(30_000));
        CountDownLatch insideWriter = new CountDownLatch(1);
        AtomicReference<Boolean> nestedAccepted = new AtomicReference<>();
        SlotWriter<TestSlot, TestEvent> nestingWriter = (slot, event) -> {
            insideWriter.countDown();
            await().atMost(10, TimeUnit.SECONDS).until(() -> !pipeline.isRunning());
            nestedAccepted.set(pipeline.offer(EventLevel.INFO, TestEvent.of(EventLevel.INFO, "nested"), TestSlot.WRITER));
            TestSlot.WRITER.write(slot, event);
        };
        assertThat(offer(pipeline, "before")).isTrue();
        CompletableFuture<Boolean> outer = CompletableFuture.supplyAsync(
                () -> pipeline.offer(EventLevel.INFO, TestEvent.of(EventLevel.INFO, "outer"), nestingWriter));
        assertThat(insideWriter.await(10, TimeUnit.SECONDS)).isTrue();

        StopReport report = CompletableFuture.supplyAsync(pipeline::stop).get(10, TimeUnit.SECONDS);

        assertThat(outer.get(10, TimeUnit.SECONDS)).isTrue();
        assertThat(nestedAccepted.get()).as("the nested offer during the drain").isTrue();
        assertThat(report.drained()).as(report.toString()).isTrue();
        assertThat(report.elapsedMillis()).as("the drain waited for its bound").isLessThan(10_000);
        assertThat(pipelines.sink.delivered).containsExactly("before", "outer", "nested");
        assertThat(pipeline.stats().enqueued()).isEqualTo(3);
        assertThat(pipeline.stats().dropped()).isZero();
        assertThat(pipelines.status.errors).as("errors reported").isEmpty();
    }

    /**
     * The caller's own slot is the oldest in a full ring: the consumer cannot free a slot before that caller publishes
     * it. Its nested offer, with the lossless policy and no bound on the wait, used to wait for room forever; it is
     * dropped and counted instead, and the caller's own event and every other one is delivered.
     */
    @Test
    void anOfferNestedInTheCallersOwnSlotWriterIntoAFullRingIsDroppedAndCountedInsteadOfWaitingForever() throws Exception {
        AsyncPipeline<TestSlot> pipeline = pipelines.start(PipelineSettings.builder("test").capacity(4)
                .fullQueuePolicy(FullQueuePolicy.BLOCK).maxBlockTime(-1, TimeUnit.MILLISECONDS));
        CountDownLatch insideWriter = new CountDownLatch(1);
        CountDownLatch ringFull = new CountDownLatch(1);
        AtomicReference<Boolean> nestedAccepted = new AtomicReference<>();
        SlotWriter<TestSlot, TestEvent> nestingWriter = (slot, event) -> {
            insideWriter.countDown();
            try {
                assertThat(ringFull.await(10, TimeUnit.SECONDS)).isTrue();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            nestedAccepted.set(pipeline.offer(EventLevel.INFO, TestEvent.of(EventLevel.INFO, "nested"), TestSlot.WRITER));
            TestSlot.WRITER.write(slot, event);
        };
        CompletableFuture<Boolean> outer = CompletableFuture.supplyAsync(
                () -> pipeline.offer(EventLevel.INFO, TestEvent.of(EventLevel.INFO, "outer"), nestingWriter));
        assertThat(insideWriter.await(10, TimeUnit.SECONDS)).isTrue();
        for (int i = 0; i < 3; i++) {
            assertThat(offer(pipeline, "m" + i)).isTrue();
        }
        ringFull.countDown();

        assertThat(outer.get(10, TimeUnit.SECONDS)).as("the outer offer returned").isTrue();
        assertThat(nestedAccepted.get()).as("the nested offer into the full ring").isFalse();
        await().atMost(10, TimeUnit.SECONDS).until(() -> pipelines.sink.delivered.size() == 4);
        assertThat(pipelines.sink.delivered).containsExactly("outer", "m0", "m1", "m2");
        PipelineStats stats = pipeline.stats();
        assertThat(stats.dropped(EventLevel.INFO)).as(stats.toString()).isEqualTo(1);
        assertThat(stats.received()).isEqualTo(5);
        assertThat(stats.delivered() + stats.failed() + stats.queueSize()).isEqualTo(stats.enqueued());
    }

    private static boolean offer(AsyncPipeline<TestSlot> pipeline, String message) {
        return pipeline.offer(EventLevel.INFO, TestEvent.of(EventLevel.INFO, message), TestSlot.WRITER);
    }
}
