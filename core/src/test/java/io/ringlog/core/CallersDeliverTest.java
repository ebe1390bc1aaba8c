package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Flat combining: a caller that finds the ring full and would wait without a bound delivers a batch itself while the
 * consumer does not. The consumer thread here is started but held before its first step, as a saturated machine may
 * hold it, so every delivery in these tests is a caller's, unless a test lets the consumer run.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CallersDeliverTest {
    private final RecordingSink sink = new RecordingSink();
    private final RecordingStatus status = new RecordingStatus();
    private final CountDownLatch consumerMayRun = new CountDownLatch(1);
    private final AtomicReference<Thread> consumer = new AtomicReference<>();
    /** The thread that delivered each event, by message. */
    private final Map<String, Thread> deliveredBy = new ConcurrentHashMap<>();
    private final List<AsyncPipeline<TestSlot>> started = new ArrayList<>();
    private final ExecutorService callers = Executors.newCachedThreadPool();

    @AfterEach
    void stopAll() {
        consumerMayRun.countDown();
        started.forEach(AsyncPipeline::stop);
        callers.shutdownNow();
    }

    /** A pipeline whose consumer thread waits for {@link #consumerMayRun} before it runs at all. */
    private AsyncPipeline<TestSlot> startWithHeldConsumer(PipelineSettings.Builder settings) {
        AtomicReference<AsyncPipeline<TestSlot>> self = new AtomicReference<>();
        sink.onDeliver(slot -> {
            assertThat(self.get().isDeliveringThread()).as("the sink runs on a delivering thread").isTrue();
            deliveredBy.put(slot.message, Thread.currentThread());
        });
        PipelineSettings held = settings.drainOnJvmExit(false).threadFactory(task -> {
            Thread thread = new Thread(() -> {
                awaitUninterruptibly(consumerMayRun);
                task.run();
            });
            consumer.set(thread);
            return thread;
        }).build();
        AsyncPipeline<TestSlot> pipeline = AsyncPipeline.create(held, TestSlot::new, sink, status);
        self.set(pipeline);
        pipeline.start();
        started.add(pipeline);
        return pipeline;
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (latch.getCount() > 0) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean offer(AsyncPipeline<TestSlot> pipeline, TestEvent event) {
        return pipeline.offer(event.level, event, TestSlot.WRITER);
    }

    private static void fill(AsyncPipeline<TestSlot> pipeline, int count) {
        for (int i = 0; i < count; i++) {
            assertThat(offer(pipeline, TestEvent.of(EventLevel.INFO, "queued-" + i))).isTrue();
        }
    }

    @Test
    void callersDeliverEveryEventInOrderWhileTheConsumerGetsNoCpu() throws Exception {
        AsyncPipeline<TestSlot> pipeline = startWithHeldConsumer(PipelineSettings.builder("combining").capacity(16));
        int producers = 4;
        int perProducer = 5_000;
        List<Future<?>> running = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            running.add(callers.submit(() -> {
                for (int i = 0; i < perProducer; i++) {
                    assertThat(offer(pipeline, TestEvent.of(producer, i))).isTrue();
                }
            }));
        }
        for (Future<?> producer : running) {
            producer.get(30, TimeUnit.SECONDS); // the consumer never ran: callers made all the room themselves
        }

        List<String> delivered = new ArrayList<>(sink.delivered);
        assertThat(delivered.size()).as("all but what the last batch left queued")
                .isBetween(producers * perProducer - 16, producers * perProducer);
        long[] lastIndex = {-1, -1, -1, -1};
        for (String message : delivered) {
            String[] parts = message.split(":");
            int producer = Integer.parseInt(parts[0]);
            long index = Long.parseLong(parts[1]);
            assertThat(index).as("producer " + producer + "'s order").isEqualTo(lastIndex[producer] + 1);
            lastIndex[producer] = index;
        }
        assertThat(Set.copyOf(deliveredBy.values())).doesNotContain(consumer.get()).isNotEmpty();
        assertThat(pipeline.isDeliveringThread()).isFalse();

        consumerMayRun.countDown();
        StopReport report = pipeline.stop();
        assertThat(report.drained()).as(report.toString()).isTrue();
        PipelineStats stats = pipeline.stats();
        assertThat(stats.enqueued()).isEqualTo(producers * perProducer);
        assertThat(stats.delivered()).isEqualTo(producers * perProducer);
        assertThat(stats.dropped()).isZero();
        assertThat(sink.delivered).hasSize(producers * perProducer);
    }

    @Test
    void aCallerDeliveringWhoseDownstreamLogsIntoTheFullRingDropsThatEventInsteadOfWaitingForItself() throws Exception {
        AsyncPipeline<TestSlot> pipeline = startWithHeldConsumer(PipelineSettings.builder("recursive").capacity(8));
        List<Boolean> innerAccepted = new ArrayList<>();
        sink.onDeliver(slot -> {
            deliveredBy.put(slot.message, Thread.currentThread());
            if (slot.message.startsWith("queued-")) {
                // A downstream appender logging through the same appender, on the delivering caller's thread.
                innerAccepted.add(offer(pipeline, TestEvent.of(EventLevel.ERROR, "inner")));
            }
        });
        fill(pipeline, 8);

        Future<Boolean> ninth = callers.submit(() -> offer(pipeline, TestEvent.of(EventLevel.INFO, "ninth")));

        assertThat(ninth.get(10, TimeUnit.SECONDS)).isTrue();
        assertThat(sink.delivered).containsExactly("queued-0", "queued-1", "queued-2", "queued-3", "queued-4", "queued-5",
                "queued-6", "queued-7");
        assertThat(innerAccepted).as("the ring was full during the whole batch").containsOnly(false).hasSize(8);
        consumerMayRun.countDown();
        assertThat(pipeline.stop().drained()).isTrue();
        PipelineStats stats = pipeline.stats();
        assertThat(stats.delivered()).isEqualTo(9);
        assertThat(stats.dropped()).isEqualTo(8);
        assertThat(stats.received()).isEqualTo(17);
        assertThat(deliveredBy.get("ninth")).isSameAs(consumer.get());
    }

    @Test
    void anInterruptedCallerWaitsForTheConsumerAndKeepsItsInterrupt() throws Exception {
        AsyncPipeline<TestSlot> pipeline = startWithHeldConsumer(PipelineSettings.builder("interrupted").capacity(8));
        fill(pipeline, 8);
        AtomicReference<Thread> caller = new AtomicReference<>();
        Future<Boolean[]> offered = callers.submit(() -> {
            caller.set(Thread.currentThread());
            Thread.currentThread().interrupt();
            boolean accepted = offer(pipeline, TestEvent.of(EventLevel.INFO, "interrupted"));
            return new Boolean[] {accepted, Thread.currentThread().isInterrupted()};
        });

        await().atMost(Duration.ofSeconds(10)).until(() -> caller.get() != null
                && (caller.get().getState() == Thread.State.WAITING || caller.get().getState() == Thread.State.TIMED_WAITING));
        assertThat(sink.delivered).as("an interrupted caller does not deliver").isEmpty();
        consumerMayRun.countDown();

        Boolean[] outcome = offered.get(10, TimeUnit.SECONDS);
        assertThat(outcome[0]).as("accepted").isTrue();
        assertThat(outcome[1]).as("still interrupted").isTrue();
        assertThat(pipeline.stop().drained()).isTrue();
        assertThat(sink.delivered).hasSize(9).endsWith("interrupted");
        assertThat(Set.copyOf(deliveredBy.values())).containsExactly(consumer.get());
    }

    @Test
    void aCallerWithABoundedWaitDoesNotDeliverAndDropsAtTheBound() throws Exception {
        AsyncPipeline<TestSlot> pipeline = startWithHeldConsumer(PipelineSettings.builder("bounded").capacity(8)
                .maxBlockTime(50, TimeUnit.MILLISECONDS));
        fill(pipeline, 8);

        assertThat(offer(pipeline, TestEvent.of(EventLevel.INFO, "late"))).isFalse();

        assertThat(sink.delivered).isEmpty();
        assertThat(pipeline.stats().dropped()).isEqualTo(1);
        consumerMayRun.countDown();
        assertThat(pipeline.stop().drained()).isTrue();
        assertThat(sink.delivered).hasSize(8);
    }
}
