package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import io.ringlog.contract.Accounting;
import io.ringlog.contract.DeepStackTraces;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * An error storm against {@code maxQueueBytes} (256 KB, a ring of 1,024 behind a closed gate, DROP_BELOW_WARN): INFO
 * events with 100-frame stack traces (about 20 KB each by the estimate, with the test's own frames) fill the byte bound after about a dozen, long
 * before the ring; the rest are dropped and counted as {@code queue_bytes_full}; a WARN with a stack trace waits for
 * bytes instead, and is delivered once the gate opens.
 */
class ByteBoundIT {
    private static final int STORM = 100;

    @Test
    void largeEventsStopAtTheByteBoundNotAtTheRing() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("byte-bound").configure("byte-bound")) {
            RingAsyncAppender ring = logback.ring();
            assertThat(logback.messages(Status.INFO)).anyMatch(m -> m.contains("maxQueueBytes=256KB"));
            Logger log = logback.logger("app");
            GateAppender gate = logback.child("GATE");
            log.info("first");
            await().atMost(10, TimeUnit.SECONDS).until(() -> gate.arrivals() == 1);
            for (int i = 0; i < STORM; i++) {
                log.info("storm " + i, DeepStackTraces.exception("database down " + i, 100));
            }
            PipelineStats full = ring.getStats();
            assertThat(full.enqueued()).as(full.toString()).isBetween(3L, 20L);
            assertThat(full.dropped(EventLevel.INFO, DropReason.QUEUE_BYTES_FULL)).isEqualTo(STORM + 1 - full.enqueued());

            Thread warner = TestThreads.startThread("warner", () -> log.warn("kept", DeepStackTraces.exception("kept", 100)));
            TestThreads.awaitParked(warner);
            log.info("small lines pass: they are bounded by the ring alone");
            assertThat(ring.getStats().enqueued()).isEqualTo(full.enqueued() + 1);

            gate.open();
            warner.join(TimeUnit.SECONDS.toMillis(20));
            assertThat(warner.isAlive()).isFalse();
            await().until(() -> ring.getStats().delivered() == full.enqueued() + 2);
            assertThat(gate.messages()).contains("kept", "small lines pass: they are bounded by the ring alone");
            PipelineStats after = ring.getStats();
            assertThat(after.dropped(EventLevel.WARN)).isZero();
            Accounting.assertAccounted(after, STORM + 3);
        }
    }
}
