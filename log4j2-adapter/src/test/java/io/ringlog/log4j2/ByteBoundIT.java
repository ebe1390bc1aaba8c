package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.Accounting;
import io.ringlog.contract.DeepStackTraces;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.DropReason;
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
 * An error storm against {@code maxQueueBytes} (48 KB, a ring of 1,024 behind a closed gate, DROP_BELOW_WARN): INFO
 * events with deep stack traces fill the byte bound after a few, long before the ring; the rest are dropped and
 * counted as {@code queue_bytes_full}; a WARN with a stack trace waits for bytes instead, and is delivered once the
 * gate opens.
 */
class ByteBoundIT {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int STORM = 100;

    @TempDir
    Path dir;
    private LoggerContext context;

    @BeforeEach
    void start() {
        context = TestContexts.start("byte-bound.xml", dir);
    }

    @AfterEach
    void stop() {
        appender(context, "GATE", GateAppender.class).open();
        context.stop(10, TimeUnit.SECONDS);
    }

    @Test
    void largeEventsStopAtTheByteBoundNotAtTheRing() throws Exception {
        RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
        GateAppender gate = appender(context, "GATE", GateAppender.class);
        Logger logger = context.getLogger("storm");
        logger.info("first");
        await().atMost(WAIT).until(() -> gate.entered() == 1);
        for (int i = 0; i < STORM; i++) {
            logger.info("storm " + i, DeepStackTraces.exception("database down " + i, 200));
        }
        PipelineStats full = ring.getStats();
        assertThat(full.enqueued()).as(full.toString()).isBetween(3L, 20L);
        assertThat(full.dropped(EventLevel.INFO, DropReason.QUEUE_BYTES_FULL)).isEqualTo(STORM + 1 - full.enqueued());

        Thread warner = TestThreads.startThread("warner", () -> logger.warn("kept", DeepStackTraces.exception("kept", 200)));
        TestThreads.awaitParked(warner);
        logger.info("small lines pass: they are bounded by the ring alone");
        assertThat(ring.getStats().enqueued()).isEqualTo(full.enqueued() + 1);

        gate.open();
        warner.join(TimeUnit.SECONDS.toMillis(20));
        assertThat(warner.isAlive()).isFalse();
        await().atMost(WAIT).until(() -> ring.getStats().delivered() == full.enqueued() + 2);
        assertThat(gate.messages()).contains("kept", "small lines pass: they are bounded by the ring alone");
        PipelineStats after = ring.getStats();
        assertThat(after.dropped(EventLevel.WARN)).isZero();
        Accounting.assertAccounted(after, STORM + 3);
    }
}
