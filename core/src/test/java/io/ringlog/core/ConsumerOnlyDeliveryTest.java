package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.TestThreads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Only the consumer thread hands queued events to the sink. A caller that finds the ring full waits in the gate until
 * the consumer frees a slot; it never delivers other callers' events itself, however the consumer is scheduled. That
 * keeps the gate's fairness bound (a waiting caller is served within about the callers ahead of it plus a quarter
 * ring, instead of first delivering up to four batches of others' events and then queueing at the tail), keeps the
 * downstream's thread-bound state (caller data, re-entry guards, locks) on one thread, and keeps a stuck downstream
 * from capturing a logging call.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConsumerOnlyDeliveryTest {
    private final RecordingSink sink = new RecordingSink();
    private final RecordingStatus status = new RecordingStatus();
    private final AtomicReference<Thread> consumer = new AtomicReference<>();
    /** Deliveries per delivering thread, by name. */
    private final Map<String, LongAdder> deliveriesBy = new ConcurrentHashMap<>();
    private final CountDownLatch consumerMayRun = new CountDownLatch(1);
    private final List<AsyncPipeline<TestSlot>> started = new ArrayList<>();
    private final List<Thread> callers = new ArrayList<>();

    @AfterEach
    void stopAll() throws InterruptedException {
        consumerMayRun.countDown();
        sink.open();
        started.forEach(AsyncPipeline::stop);
        for (Thread caller : callers) {
            caller.join(TimeUnit.SECONDS.toMillis(10));
        }
    }

    /** A pipeline whose consumer thread is recorded, and held before its first step unless {@code runConsumer}. */
    private AsyncPipeline<TestSlot> start(PipelineSettings.Builder settings, boolean runConsumer) {
        if (runConsumer) {
            consumerMayRun.countDown();
        }
        sink.onDeliver(slot -> deliveriesBy.computeIfAbsent(Thread.currentThread().getName(), name -> new LongAdder()).increment());
        PipelineSettings recorded = settings.drainOnJvmExit(false).threadFactory(task -> {
            Thread thread = new Thread(() -> {
                awaitUninterruptibly(consumerMayRun);
                task.run();
            });
            consumer.set(thread);
            return thread;
        }).build();
        AsyncPipeline<TestSlot> pipeline = AsyncPipeline.create(recorded, TestSlot::new, sink, status);
        pipeline.start();
        started.add(pipeline);
        return pipeline;
    }

    private Thread startCaller(String name, Runnable body) {
        Thread caller = TestThreads.startThread(name, body);
        callers.add(caller);
        return caller;
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

    /** Deliveries per thread, sorted by name, for the messages. */
    private Map<String, Long> deliveriesByThread() {
        Map<String, Long> counts = new TreeMap<>();
        deliveriesBy.forEach((name, count) -> counts.put(name, count.sum()));
        return counts;
    }

    @Test
    void everyDeliveryRunsOnTheConsumerThreadWhileManyCallersOutrunATinyRing() throws Exception {
        int producers = 8;
        int perProducer = 2_000;
        AsyncPipeline<TestSlot> pipeline = start(PipelineSettings.builder("consumer-only").capacity(8).maxBatchSize(8), true);
        for (int p = 0; p < producers; p++) {
            int producer = p;
            startCaller("caller-" + p, () -> {
                for (int i = 0; i < perProducer; i++) {
                    assertThat(offer(pipeline, TestEvent.of(producer, i))).isTrue();
                }
            });
        }
        for (Thread caller : callers) {
            caller.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(caller.isAlive()).as("%s still logging after 30 s", caller.getName()).isFalse();
        }
        StopReport report = pipeline.stop();
        assertThat(report.drained()).as(report.toString()).isTrue();

        String consumerName = consumer.get().getName();
        assertThat(deliveriesByThread().keySet())
                .as("the threads that handed events to the sink, with their deliveries: %s (the consumer is %s)",
                        deliveriesByThread(), consumerName)
                .containsExactly(consumerName);
        assertThat(pipeline.stats().delivered()).isEqualTo((long) producers * perProducer);
        assertThat(sink.delivered).hasSize(producers * perProducer);
    }

    @Test
    void aCallerThatFindsTheRingFullWaitsForTheConsumerEvenWhileTheConsumerGetsNoCpu() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(PipelineSettings.builder("consumer-held").capacity(8), false);
        for (int i = 0; i < 8; i++) {
            assertThat(offer(pipeline, TestEvent.of(EventLevel.INFO, "queued-" + i))).isTrue();
        }
        AtomicReference<Boolean> accepted = new AtomicReference<>();
        Thread ninth = startCaller("ninth-caller", () -> accepted.set(offer(pipeline, TestEvent.of(EventLevel.INFO, "ninth"))));

        // Either the caller parks in the gate (it waits, as it must) or it returns having made room itself.
        await().atMost(Duration.ofSeconds(10)).until(() -> TestThreads.isParked(ninth) || !ninth.isAlive());
        assertThat(sink.delivered)
                .as("events handed on while the consumer was held, by %s: the ring-full caller delivered other callers' events",
                        deliveriesByThread())
                .isEmpty();
        assertThat(ninth.isAlive()).as("the caller waits for room while the consumer is held").isTrue();

        consumerMayRun.countDown();
        ninth.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(accepted.get()).isTrue();
        assertThat(pipeline.stop().drained()).isTrue();
        assertThat(sink.delivered).hasSize(9).endsWith("ninth");
        assertThat(deliveriesByThread().keySet()).containsExactly(consumer.get().getName());
    }
}
