package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.TestThreads;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An event that every target of {@code <RingAsync>} refuses (Spring Boot's {@code logging.threshold.console=WARN} and an
 * INFO flood) takes no slot: a two-slot ring in front of a slow target, flooded with INFO, makes no caller wait and
 * counts nothing, while the WARN lines are delivered. An event that one target takes is still queued.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ThresholdBeforeTheRingIT {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int THREADS = 4;
    private static final int INFO_PER_THREAD = 20_000;

    @TempDir
    Path dir;

    @Test
    void anInfoFloodUnderAWarnThresholdTakesNoSlotAndMakesNoCallerWait() throws Exception {
        LoggerContext context = TestContexts.start("threshold-before-ring.xml", dir);
        try {
            Logger logger = context.getLogger("app");
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                threads.add(TestThreads.startThread("flood-" + t, () -> {
                    for (int i = 0; i < INFO_PER_THREAD; i++) {
                        logger.info("flood {}", i);
                    }
                }));
            }
            for (Thread thread : threads) {
                thread.join(WAIT.toMillis() * 3);
                assertThat(thread.isAlive()).as(thread.getName()).isFalse();
            }
            RingAsyncAppender ring = TestContexts.appender(context, "RING", RingAsyncAppender.class);
            PipelineStats flooded = ring.getStats();
            assertThat(flooded.received()).as("nothing of the flood reached the ring: %s", flooded).isZero();
            assertThat(flooded.callersBlocked()).as("no caller waited: %s", flooded).isZero();
            assertThat(flooded.dropped() + flooded.deliveredDirectly()).as(flooded.toString()).isZero();

            for (int i = 0; i < 3; i++) {
                logger.warn("warn {}", i);
            }
            GateAppender slow = TestContexts.appender(context, "SLOW", GateAppender.class);
            await().atMost(WAIT).until(() -> slow.count() == 3 && lines(dir.resolve("warn.log")).size() == 3);
            assertThat(slow.messages()).containsExactly("warn 0", "warn 1", "warn 2");
            assertThat(lines(dir.resolve("warn.log"))).containsExactly("WARN warn 0", "WARN warn 1", "WARN warn 2");
            PipelineStats stats = ring.getStats();
            assertThat(stats.enqueued()).as(stats.toString()).isEqualTo(3);
            assertThat(stats.delivered()).as(stats.toString()).isEqualTo(3);
            assertThat(stats.dropped() + stats.failed() + stats.deliveredDirectly()).as(stats.toString()).isZero();
        } finally {
            context.stop();
        }
    }

    @Test
    void anEventThatOneTargetTakesIsStillQueued() {
        LoggerContext context = TestContexts.start("threshold-before-ring.xml", dir);
        try {
            Logger logger = context.getLogger("mixed");
            for (int i = 0; i < 100; i++) {
                logger.info("info {}", i);
            }
            logger.warn("warn");
            Path all = dir.resolve("all.log");
            await().atMost(WAIT).until(() -> lines(all).size() == 101);
            assertThat(lines(all)).startsWith("INFO info 0").endsWith("WARN warn");
            GateAppender slow = TestContexts.appender(context, "SLOW_TOO", GateAppender.class);
            await().atMost(WAIT).until(() -> slow.count() == 1);
            assertThat(slow.messages()).containsExactly("warn");
            PipelineStats stats = TestContexts.appender(context, "MIXED", RingAsyncAppender.class).getStats();
            assertThat(stats.enqueued()).as(stats.toString()).isEqualTo(101);
        } finally {
            context.stop();
        }
    }
}
