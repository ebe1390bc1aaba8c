package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import io.ringlog.contract.Accounting;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.lang.reflect.Field;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A downstream appender that logs through the same logger while the ring is full does not deadlock; one that logs in the
 * pipeline's closing window is not delivered into the children re-entrantly, on the consumer thread.
 */
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

    /**
     * The JVM-exit drain stops the pipeline while Logback still runs the appender; a child that logs on the consumer
     * thread after the drain has closed the ring (here from the flush after the last delivery) must not have its event
     * delivered there, into the children it is being called from (re-entrant, and without end on Logback 1.5.34 and
     * newer, whose appenders have no re-entry guard): the event is dropped and counted, as in the Log4j2 adapter.
     */
    @Test
    void aChildLoggingInTheClosingWindowIsDroppedAndCountedNotDeliveredOnTheConsumer() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("closing-window").configure("closing-window")) {
            RingAsyncAppender ring = logback.ring();
            FlushLoggingAppender child = logback.child("FLUSHING");
            logback.logger("app").info("before the drain");
            await().atMost(10, TimeUnit.SECONDS).until(() -> ring.getStats().delivered() == 1);
            child.arm();

            pipelineOf(ring).stop(); // as the JVM-exit drain does: the appender itself stays started

            assertThat(child.loggedOnFlush()).as("the child logged in the closing window").isTrue();
            PipelineStats stats = ring.getStats();
            assertThat(stats.deliveredDirectly()).as("delivered directly, on the consumer thread").isZero();
            assertThat(stats.dropped(EventLevel.INFO, DropReason.AFTER_STOP)).as("dropped after the stop").isEqualTo(1);
            assertThat(child.written()).isEqualTo("before the drain" + System.lineSeparator());
        }
    }

    private static AsyncPipeline<?> pipelineOf(RingAsyncAppender ring) throws ReflectiveOperationException {
        Field pipeline = RingAsyncAppender.class.getDeclaredField("pipeline");
        pipeline.setAccessible(true);
        return (AsyncPipeline<?>) pipeline.get(ring);
    }
}
