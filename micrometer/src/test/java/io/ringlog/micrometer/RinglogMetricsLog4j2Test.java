package io.ringlog.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link RinglogMetrics} over real Log4j2 configurations (files beside this test). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RinglogMetricsLog4j2Test {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RinglogMetrics metrics = new RinglogMetrics();
    private LoggerContext context;

    @AfterEach
    void stop() {
        metrics.close();
        if (context != null) {
            context.stop();
        }
    }

    private URI scenario(String file) throws Exception {
        return getClass().getResource(file).toURI();
    }

    private static void log(Logger logger, int count) {
        for (int i = 0; i < count; i++) {
            logger.info("event {}", i);
        }
    }

    @Test
    void publishesTheAppenderAndFollowsReloadsWithoutGoingBack() throws Exception {
        context = new LoggerContext("meters-log4j2", null, scenario("log4j2-meters.xml"));
        context.start();
        metrics.bindTo(registry);
        MeterReader meters = new MeterReader(registry, "log4j2", context.getName());

        log(context.getLogger("app"), 10);
        await().until(() -> meters.count("ringlog.events.delivered", "RING") == 10);
        assertThat(meters.count("ringlog.events.enqueued", "RING")).isEqualTo(10);
        assertThat(meters.count("ringlog.events.failed", "RING")).isZero();
        assertThat(meters.dropped("RING", "error")).isZero();
        assertThat(meters.gauge("ringlog.queue.capacity", "RING")).isEqualTo(64);
        assertThat(meters.gauge("ringlog.queue.size", "RING")).isZero();
        assertThat(meters.blockedCallsTimed("RING")).isZero();
        int perAppender = meters.meterCount("RING");
        assertThat(perAppender).as("2 gauges, 4 event counters, 5 x 5 dropped counters, the blocked timer").isEqualTo(32);

        // Log4j2 starts the new configuration before it stops the old one: two pipelines overlap.
        context.reconfigure();
        assertThat(meters.count("ringlog.events.enqueued", "RING")).as("continues from the stopped pipeline").isEqualTo(10);
        assertThat(meters.meterCount("RING")).as("one set of meters").isEqualTo(perAppender);
        log(context.getLogger("app"), 5);
        await().until(() -> meters.count("ringlog.events.delivered", "RING") == 15);
        assertThat(meters.count("ringlog.events.enqueued", "RING")).isEqualTo(15);

        context.setConfigLocation(scenario("log4j2-renamed.xml"));
        assertThat(meters.meterCount("RING")).as("no meter for an appender that is gone").isZero();
        assertThat(meters.gauge("ringlog.queue.capacity", "RENAMED")).isEqualTo(128);
        log(context.getLogger("app"), 2);
        await().until(() -> meters.count("ringlog.events.delivered", "RENAMED") == 2);

        context.stop();
        assertThat(meters.meterCount(null)).isZero();
        context = null;
    }
}
