package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.SlotWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An idle consumer parks deeply for up to {@link ConsumerParking#MAX_PARK_NANOS} instead of waking a hundred times a
 * second: the next publish ends the park at once, and a slot claimed but not yet published makes it nap, not spin.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConsumerDeepParkTest {
    private static final SlotWriter<long[], Long> WRITER = (slot, value) -> slot[0] = value;
    /** Far below the deep park's bound, so that a publish that did not wake the consumer fails the test. */
    private static final Duration PROMPTLY = Duration.ofNanos(ConsumerParking.MAX_PARK_NANOS / 4);

    @Test
    void eachPublishWakesTheDeeplyParkedConsumerLongBeforeItsParkEnds() throws Exception {
        CountingSink sink = new CountingSink();
        AsyncPipeline<long[]> pipeline = start("deep-park-wake", sink);
        ConsumerParking parking = PipelineInternals.parkingOf(pipeline);
        try {
            for (long i = 1; i <= 10; i++) {
                await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(1)).until(parking::advertised);
                assertThat(pipeline.offer(EventLevel.INFO, i, WRITER)).isTrue();
                long expected = i;
                await("event " + i + " delivered after the consumer parked deeply").atMost(PROMPTLY)
                        .pollInterval(Duration.ofMillis(1)).until(() -> sink.delivered.get() == expected);
            }
        } finally {
            pipeline.stop();
        }
        assertThat(pipeline.stats().delivered()).isEqualTo(10);
    }

    @Test
    void aSlotClaimedButNotYetPublishedMakesTheConsumerNapNotSpin() throws Exception {
        CountingSink sink = new CountingSink();
        AsyncPipeline<long[]> pipeline = start("deep-park-claimed", sink);
        ConsumerParking parking = PipelineInternals.parkingOf(pipeline);
        CountDownLatch copying = new CountDownLatch(1);
        CountDownLatch copied = new CountDownLatch(1);
        SlotWriter<long[], Long> slowCopy = (slot, value) -> {
            copying.countDown();
            try {
                copied.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            slot[0] = value;
        };
        Thread producer = new Thread(() -> pipeline.offer(EventLevel.INFO, 1L, slowCopy), "deep-park-slow-copier");
        try {
            await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(1)).until(parking::advertised);
            producer.start();
            assertThat(copying.await(5, TimeUnit.SECONDS)).isTrue();
            // The slot is claimed and stays unpublished: the deep park runs out (nobody signals it), then the consumer
            // finds the claim at every look. Over twice the park's bound it must spend little CPU.
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long consumer = PipelineInternals.consumerOf("deep-park-claimed").getId();
            long cpuBefore = threads.getThreadCpuTime(consumer);
            long windowStart = System.nanoTime();
            long window = 2 * ConsumerParking.MAX_PARK_NANOS;
            await().pollDelay(Duration.ofNanos(window)).atMost(Duration.ofNanos(3 * window))
                    .until(() -> System.nanoTime() - windowStart >= window);
            long cpuMillis = TimeUnit.NANOSECONDS.toMillis(threads.getThreadCpuTime(consumer) - cpuBefore);
            assertThat(cpuMillis).as("the consumer's CPU while a claimed slot stayed unpublished for %d ms",
                    TimeUnit.NANOSECONDS.toMillis(window)).isLessThan(TimeUnit.NANOSECONDS.toMillis(window) / 5);
            assertThat(sink.delivered.get()).isZero();
        } finally {
            copied.countDown();
            producer.join(10_000);
        }
        await().atMost(PROMPTLY).pollInterval(Duration.ofMillis(1)).until(() -> sink.delivered.get() == 1);
        pipeline.stop();
        assertThat(pipeline.stats().delivered()).isEqualTo(1);
    }

    private static AsyncPipeline<long[]> start(String name, CountingSink sink) {
        PipelineSettings settings = PipelineSettings.builder(name).capacity(1024).drainOnJvmExit(false).build();
        AsyncPipeline<long[]> pipeline = AsyncPipeline.create(settings, () -> new long[1], sink, QuietStatus.INSTANCE);
        pipeline.start();
        return pipeline;
    }
}
