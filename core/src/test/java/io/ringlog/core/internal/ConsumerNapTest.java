package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.SlotWriter;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The consumer's nap follows the load in a running pipeline, whatever {@code maxBatchSize} caps its batches at: a
 * trickle lengthens it, a flood shortens it again.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ConsumerNapTest {
    private static final SlotWriter<long[], Long> WRITER = (slot, value) -> slot[0] = value;

    @Test
    void aFloodShortensTheNapEvenWhenMaxBatchSizeIsBelowTheTargetBacklog() throws Exception {
        CountingSink sink = new CountingSink();
        PipelineSettings settings = PipelineSettings.builder("nap").capacity(8192).maxBatchSize(16)
                .drainOnJvmExit(false).build();
        AsyncPipeline<long[]> pipeline = AsyncPipeline.create(settings, () -> new long[1], sink, QuietStatus.INSTANCE);
        pipeline.start();
        ConsumerParking parking = PipelineInternals.parkingOf(pipeline);
        AtomicLong offered = new AtomicLong();
        try {
            // A trickle: one event each time the consumer has delivered the previous one, so that every wake-up finds one.
            for (int i = 0; i < 50 && parking.napNanos() < ConsumerParking.MAX_NAP_NANOS; i++) {
                assertThat(pipeline.offer(EventLevel.INFO, offered.incrementAndGet(), WRITER)).isTrue();
                await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(1))
                        .until(() -> sink.delivered.get() == offered.get());
            }
            assertThat(parking.napNanos()).as("the nap after a trickle").isEqualTo(ConsumerParking.MAX_NAP_NANOS);

            // A flood, in bursts of 2,000 (a fraction of the ring): every wake-up finds hundreds of events waiting,
            // although each batch the consumer takes is at most 16.
            AtomicBoolean flooding = new AtomicBoolean(true);
            Thread producer = new Thread(() -> {
                while (flooding.get()) {
                    for (int i = 0; i < 2_000; i++) {
                        pipeline.offer(EventLevel.INFO, offered.incrementAndGet(), WRITER);
                    }
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(200)); // the producer's pace
                }
            }, "nap-flood");
            producer.start();
            try {
                await().atMost(Duration.ofSeconds(10))
                        .until(() -> parking.napNanos() <= 4 * ConsumerParking.MIN_NAP_NANOS);
            } finally {
                flooding.set(false);
                producer.join();
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> sink.delivered.get() == offered.get());
        } finally {
            pipeline.stop();
        }
        assertThat(pipeline.stats().delivered()).isEqualTo(offered.get());
    }
}
