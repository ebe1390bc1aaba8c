package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Configurator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every accepted event reaches its targets before they stop, on shutdown and on reconfiguration, although Log4j2
 * stops the target before RingAsync; or the loss is reported exactly.
 */
class ShutdownOrderingIT {
    private static final int EVENTS = 5_000;

    @TempDir
    Path dir;

    /** The precondition that makes these tests meaningful: Log4j2 stops OUT (and SLOW) before RING. */
    private static void assertTargetsStopBeforeRing(Configuration configuration) {
        List<String> iteration = new ArrayList<>(configuration.getAppenders().keySet());
        assertThat(iteration.indexOf("OUT")).as("Configuration.stop() stops appenders in reverse map order: %s", iteration)
                .isGreaterThan(iteration.indexOf("RING"));
        assertThat(iteration.indexOf("SLOW")).isGreaterThan(iteration.indexOf("RING"));
    }

    private static void logQueued(LoggerContext context, String prefix) {
        Logger logger = context.getLogger("ordering");
        for (int i = 0; i < EVENTS; i++) {
            logger.info("{} {}", prefix, i);
        }
    }

    @Test
    void contextStopDeliversEverythingQueuedBeforeTheTargetStops() {
        LoggerContext context = TestContexts.start("ordering.xml", dir);
        assertTargetsStopBeforeRing(context.getConfiguration());
        RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
        logQueued(context, "stop");
        assertThat(ring.getStats().queueSize()).as("events still queued behind the slow target").isGreaterThan(EVENTS / 2);
        try (StatusCapture status = StatusCapture.start()) {
            context.stop();
            assertThat(status.messages()).noneMatch(m -> m.contains("non-started") || m.contains("Stream Closed"));
        }
        assertThat(lines(dir.resolve("app.log"))).hasSize(EVENTS).startsWith("stop 0").endsWith("stop " + (EVENTS - 1));
        PipelineStats stats = ring.getStats();
        assertThat(stats.delivered()).isEqualTo(EVENTS);
        assertThat(stats.failed()).isZero();
        assertThat(ring.isStopped()).isTrue();
    }

    @Test
    void reconfigureDeliversEverythingQueuedBeforeTheOldTargetStops() {
        LoggerContext context = TestContexts.start("ordering.xml", dir);
        try {
            Configuration before = context.getConfiguration();
            assertTargetsStopBeforeRing(before);
            RingAsyncAppender oldRing = appender(context, "RING", RingAsyncAppender.class);
            logQueued(context, "before");
            assertThat(oldRing.getStats().queueSize()).isGreaterThan(EVENTS / 2);

            Configurator.reconfigure(TestContexts.scenario("ordering.xml"));

            assertThat(context.getConfiguration()).isNotSameAs(before);
            assertThat(oldRing.isStopped()).isTrue();
            assertThat(oldRing.getStats().delivered()).isEqualTo(EVENTS);
            assertThat((Object) context.getConfiguration().getAppender("OUT")).as("targets stay ordinary appenders").isNotNull();
            context.getLogger("ordering").info("after");
        } finally {
            context.stop();
        }
        List<String> lines = lines(dir.resolve("app.log"));
        assertThat(lines).hasSize(EVENTS + 1).endsWith("after");
        assertThat(lines.subList(0, EVENTS)).startsWith("before 0").endsWith("before " + (EVENTS - 1));
    }

    @Test
    void hittingShutdownTimeoutReportsTheExactLoss() {
        LoggerContext context = TestContexts.start("drain-timeout.xml", dir);
        GateAppender gate = appender(context, "GATE", GateAppender.class);
        RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
        Logger logger = context.getLogger("timeout");
        for (int i = 0; i < 50; i++) {
            logger.info("e{}", i);
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> gate.entered() == 1);
        try (StatusCapture status = StatusCapture.start()) {
            context.stop();
            assertThat(status.containing("could not deliver 49 events within its drain timeout of 300 ms; they are lost, "
                    + "and one more is still inside a downstream appender")).hasSize(1);
        } finally {
            gate.open();
        }
        assertThat(ring.isStopped()).isTrue();
    }

    @Test
    void stoppingTheAppenderAloneDrainsAndLaterEventsGoStraightThrough() {
        try (LoggerContext context = TestContexts.start("standalone-stop.xml", dir)) {
            GateAppender gate = appender(context, "GATE", GateAppender.class);
            RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
            Logger logger = context.getLogger("standalone");
            for (int i = 0; i < 2_000; i++) {
                logger.info("e{}", i);
            }
            assertThat(ring.stop(0, java.util.concurrent.TimeUnit.MILLISECONDS)).isTrue();
            assertThat(gate.count()).isEqualTo(2_000);
            assertThat(ring.getStats().delivered()).isEqualTo(2_000);

            logger.info("after stop");
            assertThat(gate.messages()).hasSize(2_001).endsWith("after stop");
            assertThat(gate.received().get(2_000).thread()).isEqualTo(Thread.currentThread().getName());
        }
    }
}
