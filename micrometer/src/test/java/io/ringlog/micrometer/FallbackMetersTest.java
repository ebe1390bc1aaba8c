package io.ringlog.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ringlog.core.EventLevel;
import io.ringlog.core.LiveAppenders;
import io.ringlog.core.PipelineStats;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * While a failed consumer leaves the callers writing on their own threads, the meters still account for every event:
 * {@code enqueued + dropped + delivered.directly} is what reached the appender.
 */
class FallbackMetersTest {

    @Test
    void eventsWrittenOnTheCallersThreadsHaveAMeterAndTheCountsBalance() {
        long[] dropped = new long[EventLevel.values().length];
        dropped[EventLevel.INFO.ordinal()] = 3;
        PipelineStats fallback = new PipelineStats(64, 100, 90, 0, 25, dropped, 0, 0);
        AtomicReference<PipelineStats> stats = new AtomicReference<>(fallback);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        LiveAppenders.Registration live = LiveAppenders.register("fallback-test", new Object(), "ctx", "A", stats::get, () -> true);
        try (RinglogMetrics metrics = new RinglogMetrics()) {
            metrics.bindTo(registry);
            MeterReader meters = new MeterReader(registry, "fallback-test", "ctx");
            assertThat(meters.count("ringlog.events.delivered.directly", "A")).isEqualTo(25);
            double droppedMeters = registry.find("ringlog.events.dropped").tags("framework", "fallback-test").functionCounters().stream()
                    .mapToDouble(FunctionCounter::count).sum();
            assertThat(meters.count("ringlog.events.enqueued", "A") + droppedMeters + meters.count("ringlog.events.delivered.directly", "A"))
                    .isEqualTo(fallback.received());
        } finally {
            live.close();
        }
    }
}
