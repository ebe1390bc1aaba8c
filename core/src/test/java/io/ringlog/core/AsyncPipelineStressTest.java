package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Many producers against small rings, with exact counts; sized for 2 cores. */
@Tag("stress")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AsyncPipelineStressTest {

    private static AsyncPipeline<TestSlot> pipeline(PipelineSettings.Builder settings, RecordingSink sink) {
        AsyncPipeline<TestSlot> pipeline = AsyncPipeline.create(settings.drainOnJvmExit(false).build(), TestSlot::new, sink, new RecordingStatus());
        pipeline.start();
        return pipeline;
    }

    /**
     * Producers keep offering while the pipeline is stopped under them. Every offer that returned true must
     * be delivered, every one that returned false counted as dropped: the close handshake loses nothing silently.
     */
    @RepeatedTest(30)
    void offersRacingWithStopAreDeliveredOrCountedNeverLost() throws Exception {
        RecordingSink sink = new RecordingSink();
        AsyncPipeline<TestSlot> pipeline = pipeline(PipelineSettings.builder("race").capacity(16).drainTimeoutMillis(0), sink);
        int producers = 4;
        AtomicLong accepted = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        CountDownLatch running = new CountDownLatch(producers);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            Thread thread = new Thread(() -> {
                long index = 0;
                while (true) {
                    if (pipeline.offer(EventLevel.INFO, TestEvent.of(producer, index++), TestSlot.WRITER)) {
                        accepted.incrementAndGet();
                        if (index == 200) {
                            running.countDown();
                        }
                    } else {
                        refused.incrementAndGet();
                        running.countDown();
                        return;
                    }
                }
            });
            thread.start();
            threads.add(thread);
        }
        running.await();
        StopReport report = pipeline.stop();
        for (Thread thread : threads) {
            thread.join();
        }

        PipelineStats stats = pipeline.stats();
        assertThat(report.drained()).isTrue();
        assertThat(sink.delivered).as(stats.toString()).hasSize((int) accepted.get());
        assertThat(stats.delivered()).isEqualTo(accepted.get());
        assertThat(stats.dropped()).isEqualTo(refused.get()).isEqualTo(producers);
        assertThat(stats.enqueued()).isEqualTo(accepted.get());
        assertThat(stats.queueSize()).isZero();
    }

    @Test
    void eightProducersPushOneMillionEventsThroughATinyRingWithoutLoss() throws Exception {
        RecordingSink sink = new RecordingSink();
        AtomicLongArray lastSeen = new AtomicLongArray(8);
        AtomicLong outOfOrder = new AtomicLong();
        sink.onDeliver(slot -> {
            if (slot.index != lastSeen.get(slot.producer)) {
                outOfOrder.incrementAndGet();
            }
            lastSeen.set(slot.producer, slot.index + 1);
        });
        AsyncPipeline<TestSlot> pipeline = pipeline(PipelineSettings.builder("stress").capacity(256), sink);
        int perProducer = 125_000;
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < 8; p++) {
            int producer = p;
            threads.add(new Thread(() -> {
                for (long i = 0; i < perProducer; i++) {
                    pipeline.offer(EventLevel.INFO, TestEvent.of(producer, i), TestSlot.WRITER);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        pipeline.stop();

        PipelineStats stats = pipeline.stats();
        assertThat(stats.delivered()).isEqualTo(8L * perProducer);
        assertThat(stats.dropped()).isZero();
        assertThat(outOfOrder).hasValue(0);
        for (int p = 0; p < 8; p++) {
            assertThat(lastSeen.get(p)).isEqualTo(perProducer);
        }
    }

    @Test
    void droppingPoliciesAccountForEveryEventAgainstASlowSink() throws Exception {
        for (FullQueuePolicy policy : new FullQueuePolicy[] {FullQueuePolicy.DROP_ALL, FullQueuePolicy.DROP_BELOW_WARN}) {
            RecordingSink sink = new RecordingSink();
            sink.onDeliver(slot -> {
                long until = System.nanoTime() + 2_000;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            });
            AsyncPipeline<TestSlot> pipeline = pipeline(PipelineSettings.builder("slow").capacity(64).fullQueuePolicy(policy), sink);
            EventLevel[] levels = EventLevel.values();
            int perProducer = 20_000;
            List<Thread> threads = new ArrayList<>();
            for (int p = 0; p < 4; p++) {
                threads.add(new Thread(() -> {
                    for (int i = 0; i < perProducer; i++) {
                        EventLevel level = levels[i % levels.length];
                        pipeline.offer(level, TestEvent.of(level, level.name()), TestSlot.WRITER);
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread thread : threads) {
                thread.join();
            }
            pipeline.stop();

            PipelineStats stats = pipeline.stats();
            assertThat(stats.received()).as(policy + " " + stats).isEqualTo(4L * perProducer);
            assertThat(stats.delivered()).isEqualTo(sink.delivered.size()).isEqualTo(stats.enqueued());
            assertThat(stats.dropped()).as(policy + " must have dropped under this load").isPositive();
            if (policy == FullQueuePolicy.DROP_BELOW_WARN) {
                assertThat(stats.dropped(EventLevel.WARN) + stats.dropped(EventLevel.ERROR)).isZero();
                assertThat(sink.delivered.stream().filter(m -> m.equals("WARN")).count()).isEqualTo(4L * perProducer / 5);
            }
        }
    }
}
