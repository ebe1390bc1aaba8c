package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import io.ringlog.contract.Accounting;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.PipelineStats;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** stop(): drains what is queued; with maxFlushTime hit, reports the exact number of events lost. */
class StopDrainIT {

    @Test
    void stopDeliversEverythingQueuedBeforeStoppingTheChildren() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("drain").configure("block-gated")) {
            RingAsyncAppender ring = logback.ring();
            GateAppender gate = logback.child("GATE");
            Logger log = logback.logger("app");
            log.info("first");
            await().until(() -> gate.arrivals() == 1);
            for (int i = 0; i < 7; i++) {
                log.info("queued {}", i);
            }
            Thread stopper = TestThreads.startThread("stopper", ring::stop);
            await().until(() -> !ring.isStarted());
            assertThat(gate.isStarted()).as("children are stopped only after the drain").isTrue();
            log.info("after stop: not accepted");

            gate.open();
            stopper.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(stopper.isAlive()).isFalse();
            assertThat(gate.messages()).hasSize(8).startsWith("first").endsWith("queued 6");
            assertThat(gate.isStarted()).isFalse();
            PipelineStats stats = ring.getStats();
            assertThat(stats.delivered()).isEqualTo(8);
            assertThat(stats.queueSize()).isZero();
            assertThat(logback.messages(Status.INFO)).anyMatch(m -> m.startsWith("Queue flush finished successfully within timeout"));
            assertThat(logback.messages(Status.WARN)).anyMatch(m -> m.contains("Attempted to append to non started appender [RING]"));
        }
    }

    @Test
    void maxFlushTimeHitReportsTheExactLossInTheStatusManager() {
        try (LogbackFixture logback = new LogbackFixture("flush-timeout").configure("max-flush-time")) {
            RingAsyncAppender ring = logback.ring();
            GateAppender gate = logback.child("GATE");
            Logger log = logback.logger("app");
            log.info("first");
            await().until(() -> gate.arrivals() == 1);
            for (int i = 0; i < 4; i++) {
                log.info("queued {}", i);
            }
            long undeliveredAtStop = ring.getStats().queueSize();
            assertThat(undeliveredAtStop).isEqualTo(5);

            long begin = System.nanoTime();
            ring.stop();
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);

            assertThat(tookMillis).isBetween(190L, 10_000L);
            assertThat(logback.messages(Status.ERROR)).anyMatch(m -> m.contains("'RING' could not deliver 4 events within its "
                    + "drain timeout of 200 ms; they are lost, and one more is still inside a downstream appender"));
            assertThat(logback.messages(Status.INFO)).noneMatch(m -> m.startsWith("Queue flush finished successfully"));

            gate.open();
            await().until(() -> !gate.isStarted());
            await().until(() -> gate.received().size() == 1);
            PipelineStats stats = ring.getStats();
            assertThat(stats.delivered()).as("only the event already in the gate").isEqualTo(1);
            assertThat(stats.queueSize()).as("never delivered").isEqualTo(4);
            Accounting.assertAccounted(stats, 5);
        }
    }
}
