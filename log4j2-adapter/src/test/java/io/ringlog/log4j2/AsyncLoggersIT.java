package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** RingAsync behind Log4j2's Async Loggers: the two Disruptors coexist, and neither background thread waits on the other. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AsyncLoggersIT {

    @TempDir
    Path dir;

    @Test
    void asyncLoggersOnDisruptor3AndRingAsyncOnItsRelocatedDisruptor4Coexist() throws Exception {
        assertThat(Class.forName("com.lmax.disruptor.RingBuffer").getProtectionDomain().getCodeSource().getLocation().toString())
                .contains("disruptor-3.4.4");
        assertThat(Class.forName("io.ringlog.core.internal.disruptor.RingBuffer")).isNotNull();
        RingAsyncAppender ring;
        try (LoggerContext context = TestContexts.start("coexistence.xml", dir)) {
            assertThat(context.getConfiguration().getLoggerConfig("async")).isInstanceOf(AsyncLoggerConfig.class);
            ring = appender(context, "RING", RingAsyncAppender.class);
            Logger async = context.getLogger("async");
            Logger sync = context.getLogger("sync");
            for (int i = 0; i < 2_000; i++) {
                async.info("a{}", i);
                sync.info("s{}", i);
            }
        }
        List<String> lines = lines(dir.resolve("app.log"));
        assertThat(lines).hasSize(4_000);
        assertThat(lines).filteredOn(l -> l.startsWith("async ")).hasSize(2_000).startsWith("async a0").endsWith("async a1999");
        assertThat(lines).filteredOn(l -> l.startsWith("sync ")).hasSize(2_000).startsWith("sync s0").endsWith("sync s1999");
        // Async Logger events still in their ring when the configuration stops arrive after RING's drain and are
        // delivered on the Async Logger's thread: counted as delivered directly, so every event is accounted for.
        assertThat(ring.getStats().dropped()).isZero();
        assertThat(ring.getStats().failed()).isZero();
        assertThat(ring.getStats().delivered() + ring.getStats().deliveredDirectly()).isEqualTo(4_000L);
        assertThat(ring.getStats().received()).isEqualTo(4_000L);
    }

    /**
     * The Async Logger's thread feeds a full RING while RING's consumer, delivering to a target that logs through an
     * Async Logger, finds that Async Logger's ring full. Without RingAsync's rule (a Log4j2 thread never waits for
     * room) both threads would wait for each other forever.
     */
    @Test
    void theAsyncLoggerThreadAndTheRingAsyncConsumerNeverWaitForEachOther() throws Exception {
        LoggerContext context = TestContexts.start("background-deadlock.xml", dir);
        GateAppender gate = appender(context, "GATE", GateAppender.class);
        try {
            GateAppender inner = appender(context, "INNER", GateAppender.class);
            AsyncLoggerConfig outer = (AsyncLoggerConfig) context.getConfiguration().getLoggerConfig("outer");
            RingBufferAdmin asyncRing = outer.createRingBufferAdmin(context.getName());
            int events = (int) asyncRing.getBufferSize() + 64;
            Logger logger = context.getLogger("outer");
            Thread producer = new Thread(() -> {
                for (int i = 0; i < events; i++) {
                    logger.info("outer {}", i);
                }
            }, "outer-producer");
            producer.setDaemon(true);
            producer.start();
            // Both rings full: RING's consumer and the Async Logger thread are held at the gate or behind it.
            // <= 0: a producer that Disruptor 4 lets claim before it waits shows as -1.
            await().atMost(Duration.ofSeconds(30)).until(() -> asyncRing.getRemainingCapacity() <= 0);
            gate.open();
            await().atMost(Duration.ofSeconds(30)).until(() -> gate.count() == events && inner.count() == events);
            producer.join(10_000);
            assertThat(producer.isAlive()).isFalse();
        } finally {
            gate.open();
            context.stop(5, TimeUnit.SECONDS);
        }
    }
}
