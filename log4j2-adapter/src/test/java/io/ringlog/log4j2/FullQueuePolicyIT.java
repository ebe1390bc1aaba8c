package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.Accounting;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exact accounting of each full-queue behaviour. Each ring has 4 (or 8) slots in front of a Gate held closed: the
 * first event is taken by the consumer and held at the gate, and keeps its slot until it is delivered, so the ring
 * fills after exactly {@code capacity - 1} more events.
 */
class FullQueuePolicyIT {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String[] GATES = {"G_DROP_ALL", "G_BELOW_WARN", "G_THRESHOLD", "G_MAX_BLOCK", "G_BLOCKING_FALSE"};

    @TempDir
    Path dir;
    private LoggerContext context;

    @BeforeEach
    void start() {
        context = TestContexts.start("policies.xml", dir);
    }

    @AfterEach
    void stop() {
        for (String gate : GATES) {
            appender(context, gate, GateAppender.class).open();
        }
        context.stop(10, TimeUnit.SECONDS);
    }

    private GateAppender gate(String name) {
        return appender(context, name, GateAppender.class);
    }

    private RingAsyncAppender ring(String name) {
        return appender(context, name, RingAsyncAppender.class);
    }

    /** Logs "first" and waits until the consumer holds it at the gate. */
    private Logger hold(String loggerName, GateAppender gate) {
        Logger logger = context.getLogger(loggerName);
        logger.info("first");
        await().atMost(WAIT).until(() -> gate.entered() == 1);
        return logger;
    }

    @Test
    void dropAllDropsAtOnceCountsExactlyAndFeedsTheErrorAppender() {
        GateAppender gate = gate("G_DROP_ALL");
        Logger logger = hold("dropAll", gate);
        for (int i = 0; i < 10; i++) {
            logger.info("e{}", i);
        }
        PipelineStats stats = ring("DROP_ALL").getStats();
        assertThat(stats.enqueued()).isEqualTo(4);
        assertThat(stats.dropped()).isEqualTo(7);
        assertThat(stats.dropped(EventLevel.INFO)).isEqualTo(7);
        assertThat(gate("ERR").messages()).containsExactly("e3", "e4", "e5", "e6", "e7", "e8", "e9");

        gate.open();
        await().atMost(WAIT).until(() -> ring("DROP_ALL").getStats().delivered() == 4);
        assertThat(gate.messages()).containsExactly("first", "e0", "e1", "e2");
        Accounting.assertAccounted(ring("DROP_ALL").getStats(), 11);
    }

    @Test
    void blockingFalseIsDropAll() {
        GateAppender gate = gate("G_BLOCKING_FALSE");
        Logger logger = hold("blockingFalse", gate);
        for (int i = 0; i < 5; i++) {
            logger.error("e{}", i);
        }
        PipelineStats stats = ring("BLOCKING_FALSE").getStats();
        assertThat(stats.enqueued()).isEqualTo(4);
        assertThat(stats.dropped(EventLevel.ERROR)).isEqualTo(2);
        gate.open();
        await().atMost(WAIT).until(() -> gate.count() == 4);
        Accounting.assertAccounted(ring("BLOCKING_FALSE").getStats(), 6);
    }

    @Test
    void dropBelowWarnDropsInfoButNeverWarnOrError() throws Exception {
        GateAppender gate = gate("G_BELOW_WARN");
        Logger logger = hold("belowWarn", gate);
        for (int i = 0; i < 3; i++) {
            logger.info("fill{}", i);
        }
        for (int i = 0; i < 5; i++) {
            logger.info("dropped{}", i);
            logger.debug("dropped-debug{}", i);
        }
        assertThat(ring("BELOW_WARN").getStats().dropped()).isEqualTo(10);

        Thread warn = new Thread(() -> logger.warn("kept-warn"), "warn-caller");
        Thread error = new Thread(() -> logger.fatal("kept-fatal"), "fatal-caller");
        warn.start();
        error.start();
        await().atMost(WAIT).until(() -> TestThreads.isParked(warn) && TestThreads.isParked(error));

        gate.open();
        warn.join(20_000);
        error.join(20_000);
        await().atMost(WAIT).until(() -> gate.count() == 6);
        assertThat(gate.messages()).startsWith("first", "fill0", "fill1", "fill2").contains("kept-warn", "kept-fatal");
        PipelineStats stats = ring("BELOW_WARN").getStats();
        assertThat(stats.dropped(EventLevel.WARN)).isZero();
        assertThat(stats.dropped(EventLevel.ERROR)).isZero();
        assertThat(stats.dropped(EventLevel.INFO)).isEqualTo(5);
        assertThat(stats.dropped(EventLevel.DEBUG)).isEqualTo(5);
        Accounting.assertAccounted(stats, 16);
    }

    @Test
    void discardingThresholdDropsBelowWarnWhenFewSlotsAreLeft() {
        GateAppender gate = gate("G_THRESHOLD");
        Logger logger = hold("threshold", gate);
        // 8 slots, the first holds one: INFO is accepted while at least 3 slots are free (5 more), then dropped.
        for (int i = 0; i < 10; i++) {
            logger.info("info{}", i);
        }
        // WARN passes the threshold and takes the last 2 slots; the third finds the ring full (DROP_ALL).
        for (int i = 0; i < 3; i++) {
            logger.warn("warn{}", i);
        }
        PipelineStats stats = ring("THRESHOLD").getStats();
        assertThat(stats.dropped(EventLevel.INFO)).isEqualTo(5);
        assertThat(stats.dropped(EventLevel.WARN)).isEqualTo(1);
        assertThat(stats.enqueued()).isEqualTo(8);
        gate.open();
        await().atMost(WAIT).until(() -> gate.count() == 8);
        assertThat(gate.messages()).containsExactly("first", "info0", "info1", "info2", "info3", "info4", "warn0", "warn1");
        Accounting.assertAccounted(ring("THRESHOLD").getStats(), 14);
    }

    @Test
    void maxBlockTimeBoundsTheWaitThenDrops() {
        GateAppender gate = gate("G_MAX_BLOCK");
        Logger logger = hold("maxBlock", gate);
        for (int i = 0; i < 3; i++) {
            logger.info("fill{}", i);
        }
        long begin = System.nanoTime();
        logger.error("late");
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
        assertThat(waitedMillis).isBetween(150L, 10_000L);
        PipelineStats stats = ring("MAX_BLOCK").getStats();
        assertThat(stats.dropped(EventLevel.ERROR)).isEqualTo(1);
        gate.open();
        await().atMost(WAIT).until(() -> gate.count() == 4);
        assertThat(gate.messages()).doesNotContain("late");
        Accounting.assertAccounted(ring("MAX_BLOCK").getStats(), 5);
    }
}
