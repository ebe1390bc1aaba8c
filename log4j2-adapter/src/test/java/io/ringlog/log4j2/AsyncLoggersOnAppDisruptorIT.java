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

/**
 * {@link AsyncLoggersIT} on whichever LMAX Disruptor the application brings ({@code -Dapp.disruptor.version}: 3.4.4 by
 * default; the compatibility matrix also runs 4.0.0, which Log4j2's Async Loggers support from 2.23). Two differences
 * make it valid on both: the Disruptor jar is the requested one rather than 3.4.4, and "the Async Logger's ring is
 * full" is a remaining capacity of at most zero (Disruptor 4 claims a sequence before waiting for room, so a waiting
 * producer shows as -1). A failure opens the gate before stopping, so that it cannot hang the build.
 *
 * <p>Known upstream limitation: on Disruptor 4 (Log4j2 2.23 to 2.26), Log4j2's Async Loggers lose some of the events
 * that an appender logs from the Async Logger's own thread while that ring is full (about 100 of 4,160 here); the
 * same happens with no Ringlog appender in the path (GATE referenced directly by the Async Logger). There, this test
 * holds Ringlog to its own promise (no deadlock, every outer event delivered) and the nested count to at most exact.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AsyncLoggersOnAppDisruptorIT {

    @TempDir
    Path dir;

    @Test
    void asyncLoggersOnTheApplicationsDisruptorAndRingAsyncOnItsRelocatedCopyCoexist() throws Exception {
        String appDisruptor = System.getProperty("ringlog.test.app.disruptor.version");
        Class<?> appRing = Class.forName("com.lmax.disruptor.RingBuffer");
        Class<?> ringlogRing = Class.forName("io.ringlog.core.internal.disruptor.RingBuffer");
        assertThat(appRing.getProtectionDomain().getCodeSource().getLocation().toString()).contains("/disruptor-" + appDisruptor + ".jar");
        assertThat(ringlogRing.getProtectionDomain().getCodeSource().getLocation())
                .isNotEqualTo(appRing.getProtectionDomain().getCodeSource().getLocation());
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
        assertThat(ring.getStats().dropped()).isZero();
        assertThat(ring.getStats().failed()).isZero();
        assertThat(ring.getStats().delivered()).isBetween(2_000L, 4_000L);
    }

    private static boolean appDisruptorIsVersion3() {
        return System.getProperty("ringlog.test.app.disruptor.version", "").startsWith("3.");
    }

    /** See {@link AsyncLoggersIT#theAsyncLoggerThreadAndTheRingAsyncConsumerNeverWaitForEachOther()}. */
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
            await().atMost(Duration.ofSeconds(30)).until(() -> asyncRing.getRemainingCapacity() <= 0);
            gate.open();
            if (appDisruptorIsVersion3()) {
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                        assertThat(new int[] {gate.count(), inner.count()}).as("events at GATE and INNER").containsExactly(events, events));
            } else {
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(gate.count()).as("events at GATE").isEqualTo(events));
                assertThat(inner.count()).as("nested events at INNER (Log4j2 on Disruptor 4 may lose some)").isBetween(1, events);
            }
            producer.join(10_000);
            assertThat(producer.isAlive()).isFalse();
        } finally {
            gate.open();
            context.stop(5, TimeUnit.SECONDS);
        }
    }
}
