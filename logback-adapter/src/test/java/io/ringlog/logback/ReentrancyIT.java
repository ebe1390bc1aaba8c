package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import io.ringlog.contract.Accounting;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A downstream appender that logs through the same logger while the ring is full does not deadlock. */
class ReentrancyIT {

    @Test
    void loggingFromTheConsumerThreadWhileTheRingIsFullNeverBlocks() {
        try (LogbackFixture logback = new LogbackFixture("reentrant").configure("reentrant")) {
            RingAsyncAppender ring = logback.ring();
            GateAppender gate = logback.child("GATE");
            Logger log = logback.logger("app");
            log.info("m0");
            await().until(() -> gate.arrivals() == 1);
            for (int i = 1; i < 4; i++) {
                log.info("m{}", i);
            }
            Thread producer = TestThreads.startThread("producer", () -> {
                for (int i = 4; i < 10; i++) {
                    log.info("m{}", i);
                }
            });
            TestThreads.awaitParked(producer);
            assertThat(ring.getStats().enqueued()).as("ring of 4 full").isEqualTo(4);

            gate.open();
            await().atMost(30, TimeUnit.SECONDS).until(() -> !producer.isAlive());
            await().until(() -> ring.getStats().received() == 20);
            ring.stop();

            PipelineStats stats = ring.getStats();
            List<String> originals = gate.messages().stream().filter(m -> !m.startsWith("echo")).collect(Collectors.toList());
            assertThat(originals).containsExactly("m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9");
            assertThat(gate.messages()).as("the echo of m0 met a full ring and was dropped").doesNotContain("echo m0");
            assertThat(stats.dropped(EventLevel.INFO)).isGreaterThanOrEqualTo(1);
            Accounting.assertAccounted(stats, 20);
            assertThat(stats.delivered()).isEqualTo(gate.messages().size());
        }
    }
}
