package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.Accounting;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What reaches the targets, and how: failures, re-entrancy, interrupts, AppenderRef rules, batches and flushing. */
class DeliveryIT {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void aTargetThatThrowsRuntimeExceptionOrErrorDoesNotStopDelivery() {
        try (LoggerContext context = TestContexts.start("failures.xml", dir);
             StatusCapture status = StatusCapture.start()) {
            RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
            GateAppender target = appender(context, "FAIL", GateAppender.class);
            Logger logger = context.getLogger("failures");
            logger.info("ok1");
            logger.info("boom runtime");
            logger.info("ok2");
            logger.info("boom error");
            logger.info("ok3");
            await().atMost(WAIT).until(() -> ring.getStats().delivered() + ring.getStats().failed() == 5);
            assertThat(target.messages()).containsExactly("ok1", "ok2", "ok3");
            PipelineStats stats = ring.getStats();
            assertThat(stats.failed()).isEqualTo(2);
            assertThat(stats.delivered()).isEqualTo(3);
            Accounting.assertAccounted(stats, 5);
            assertThat(status.containing("a downstream appender threw")).isNotEmpty();
        }
    }

    @Test
    void aTargetThatLogsBackThroughRingAsyncFromTheConsumerThreadIsServed() {
        try (LoggerContext context = TestContexts.start("reentrancy.xml", dir)) {
            RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
            GateAppender gate = appender(context, "GATE", GateAppender.class);
            Logger logger = context.getLogger("outer");
            for (int i = 0; i < 100; i++) {
                logger.info("outer {}", i);
            }
            await().atMost(WAIT).until(() -> gate.count() == 200);
            List<GateAppender.Received> received = gate.received();
            assertThat(received).filteredOn(r -> r.message().startsWith("nested outer")).hasSize(100);
            assertThat(ring.getStats().enqueued()).isEqualTo(200);
            assertThat(ring.getStats().dropped()).isZero();
        }
    }

    @Test
    void anInterruptedCallerKeepsItsEventAndItsInterruptFlag() throws Exception {
        try (LoggerContext context = TestContexts.start("held.xml", dir)) {
            GateAppender gate = appender(context, "GATE", GateAppender.class);
            Logger logger = context.getLogger("interrupt");
            logger.info("first");
            await().atMost(WAIT).until(() -> gate.entered() == 1);
            for (int i = 0; i < 3; i++) {
                logger.info("fill{}", i);
            }
            AtomicBoolean flagAfterLogging = new AtomicBoolean();
            Thread caller = new Thread(() -> {
                logger.info("while interrupted");
                flagAfterLogging.set(Thread.currentThread().isInterrupted());
            }, "interrupted-caller");
            caller.start();
            await().atMost(WAIT).until(() -> TestThreads.isParked(caller));
            caller.interrupt();
            gate.open();
            caller.join(20_000);
            assertThat(flagAfterLogging).isTrue();
            await().atMost(WAIT).until(() -> gate.count() == 5);
            assertThat(gate.messages()).endsWith("while interrupted");

            Thread.currentThread().interrupt();
            try {
                logger.info("already interrupted");
                assertThat(Thread.currentThread().isInterrupted()).isTrue();
            } finally {
                Thread.interrupted();
            }
            await().atMost(WAIT).until(() -> gate.count() == 6);
        }
    }

    @Test
    void appenderRefLevelAndFilterAreHonoured() {
        try (LoggerContext context = TestContexts.start("refs.xml", dir)) {
            RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
            Logger logger = context.getLogger("refs");
            logger.info("info");
            logger.warn("warn");
            logger.error("error");
            await().atMost(WAIT).until(() -> ring.getStats().delivered() == 2);
            assertThat(appender(context, "A", GateAppender.class).messages()).containsExactly("warn", "error");
            assertThat(appender(context, "B", GateAppender.class).messages()).containsExactly("error");
            assertThat(ring.getStats().received()).as("INFO, which both references refuse, took no slot").isEqualTo(2);
        }
    }

    @Test
    void theLastEventOfEachBatchIsMarkedEndOfBatch() {
        try (LoggerContext context = TestContexts.start("held.xml", dir)) {
            GateAppender gate = appender(context, "GATE", GateAppender.class);
            Logger logger = context.getLogger("batch");
            logger.info("first");
            await().atMost(WAIT).until(() -> gate.entered() == 1);
            for (int i = 0; i < 3; i++) {
                logger.info("b{}", i);
            }
            gate.open();
            await().atMost(WAIT).until(() -> gate.count() == 4);
            assertThat(gate.received()).extracting(GateAppender.Received::endOfBatch).containsExactly(true, false, false, true);
        }
    }

    @Test
    void bufferedFileTargetsAreFlushedOncePerBatchWithoutStopping() {
        try (LoggerContext context = TestContexts.start("flush.xml", dir)) {
            Logger logger = context.getLogger("flush");
            Logger direct = context.getLogger("direct");
            for (int i = 0; i < 10; i++) {
                logger.info("line {}", i);
                direct.info("line {}", i);
            }
            await().atMost(WAIT).until(() -> lines(dir.resolve("buffered.log")).size() == 10);
            await().atMost(WAIT).until(() -> lines(dir.resolve("immediate.log")).size() == 10);
            // The control: the same buffered appender called directly is not flushed until it stops.
            assertThat(lines(dir.resolve("direct.log"))).isEmpty();
        }
        assertThat(lines(dir.resolve("direct.log"))).hasSize(10);
    }

    @Test
    void anAppenderRestartedAfterStopWorksWithANewPipeline() {
        try (LoggerContext context = TestContexts.start("reentrancy.xml", dir)) {
            RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
            GateAppender gate = appender(context, "GATE", GateAppender.class);
            Logger logger = context.getLogger("nested");
            logger.info("nested before");
            ring.stop(0, TimeUnit.MILLISECONDS);
            ring.start();
            assertThat(ring.isStarted()).isTrue();
            logger.info("nested after");
            await().atMost(WAIT).until(() -> gate.count() == 2);
            assertThat(gate.messages()).containsExactly("nested before", "nested after");
            assertThat(gate.received().get(1).thread()).startsWith("ringlog-RING");
            assertThat(ring.getStats().enqueued()).as("counters of the new pipeline").isEqualTo(1);
        }
    }
}
