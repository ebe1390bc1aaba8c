package io.ringlog.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link RinglogMetrics} over real Logback configurations (files beside this test). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RinglogMetricsLogbackTest {
    private static final String CONTEXT = "meters-logback";
    /** The meters of one appender: 2 gauges, 4 event counters, 5 levels x 5 reasons of dropped counters, the blocked timer. */
    private static final int METERS_PER_APPENDER = 32;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RinglogMetrics metrics = new RinglogMetrics(Tags.of("app", "test"));
    private final MeterReader meters = new MeterReader(registry, "logback", CONTEXT);
    private final LoggerContext context = new LoggerContext();

    @BeforeEach
    void start() throws JoranException {
        context.setName(CONTEXT);
        context.setMDCAdapter(new LogbackMDCAdapter());
        configure("logback-meters.xml");
        metrics.bindTo(registry);
    }

    @AfterEach
    void stop() {
        GateAppender.open();
        metrics.close();
        context.stop();
    }

    private void configure(String file) throws JoranException {
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(getClass().getResource(file));
        assertThat(context.getStatusManager().getCopyOfStatusList()).as("Logback's status")
                .noneMatch(status -> status.getLevel() >= Status.WARN);
    }

    private void reconfigure(String file) throws JoranException {
        context.reset();
        configure(file);
    }

    private static void log(Logger logger, int count) {
        for (int i = 0; i < count; i++) {
            logger.info("event {}", i);
        }
    }

    @Test
    void publishesEachRingAppenderTaggedAndCountsEveryEvent() {
        log(context.getLogger("app"), 8); // no more than the capacity: the ring is never full, so no caller waits

        await().until(() -> meters.count("ringlog.events.delivered", "RING") == 8);
        assertThat(meters.count("ringlog.events.enqueued", "RING")).isEqualTo(8);
        assertThat(meters.count("ringlog.events.failed", "RING")).isZero();
        assertThat(meters.dropped("RING", "info")).isZero();
        assertThat(meters.gauge("ringlog.queue.size", "RING")).isZero();
        assertThat(meters.gauge("ringlog.queue.capacity", "RING")).isEqualTo(8);
        assertThat(meters.blockedCallsTimed("RING")).isZero();
        assertThat(meters.count("ringlog.events.enqueued", "LOSSY")).isZero();
        assertThat(meters.meterCount("RING")).isEqualTo(METERS_PER_APPENDER);
        assertThat(registry.get("ringlog.events.enqueued").tag("appender", "RING").functionCounter().getId().getTag("app"))
                .as("the binder's own tags").isEqualTo("test");
    }

    @Test
    void countsDropsByLevelTheQueueAndTheCallersThatWaited() throws Exception {
        GateAppender.close();
        Logger lossy = context.getLogger("lossy");
        int before = GateAppender.arrivals();
        log(lossy, 1);
        await().until(() -> GateAppender.arrivals() > before);
        log(lossy, 7 + 3);
        lossy.warn("dropped");
        lossy.warn("dropped");
        assertThat(meters.count("ringlog.events.enqueued", "LOSSY")).isEqualTo(8);
        assertThat(meters.dropped("LOSSY", "info")).isEqualTo(3);
        assertThat(meters.dropped("LOSSY", "warn")).isEqualTo(2);
        assertThat(meters.dropped("LOSSY", "error")).isZero();
        assertThat(meters.dropped("LOSSY", "info", "queue_full")).isEqualTo(3);
        assertThat(meters.dropped("LOSSY", "warn", "queue_full")).isEqualTo(2);
        assertThat(meters.dropped("LOSSY", "info", "already_shutdown")).isZero();
        assertThat(meters.blockedCallsTimed("LOSSY")).as("a drop is not a wait").isZero();

        Logger app = context.getLogger("app");
        int arrived = GateAppender.arrivals();
        log(app, 1);
        await().until(() -> GateAppender.arrivals() > arrived);
        Thread caller = new Thread(() -> log(app, 8), "waiting-caller");
        caller.start();
        await().until(() -> caller.getState() == Thread.State.WAITING || caller.getState() == Thread.State.TIMED_WAITING);
        assertThat(meters.gauge("ringlog.queue.size", "RING")).isEqualTo(8);
        assertThat(meters.blockedCallsTimed("RING")).as("counted when the wait ends").isZero();

        GateAppender.open();
        caller.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(caller.isAlive()).isFalse();
        await().until(() -> meters.count("ringlog.events.delivered", "RING") == 9);
        assertThat(meters.blockedCallsTimed("RING")).isEqualTo(1);
        assertThat(meters.blockedMillis("RING")).isPositive();
        await().until(() -> meters.count("ringlog.events.delivered", "LOSSY") == 8);
    }

    @Test
    void followsReconfigurationWithoutGoingBackAndRemovesTheMetersOfAppendersThatAreGone() throws Exception {
        log(context.getLogger("app"), 5);
        await().until(() -> meters.count("ringlog.events.delivered", "RING") == 5);

        context.reset();
        assertThat(meters.meterCount(null)).as("no meter for a stopped appender").isZero();
        configure("logback-meters.xml");
        assertThat(meters.count("ringlog.events.enqueued", "RING")).as("continues from the stopped pipeline").isEqualTo(5);
        assertThat(meters.count("ringlog.events.delivered", "RING")).isEqualTo(5);
        log(context.getLogger("app"), 3);
        await().until(() -> meters.count("ringlog.events.delivered", "RING") == 8);
        assertThat(meters.count("ringlog.events.enqueued", "RING")).isEqualTo(8);
        assertThat(meters.meterCount("RING")).isEqualTo(METERS_PER_APPENDER);

        reconfigure("logback-renamed.xml");
        assertThat(meters.meterCount("RING")).isZero();
        assertThat(meters.meterCount("LOSSY")).isZero();
        assertThat(meters.gauge("ringlog.queue.capacity", "RENAMED")).isEqualTo(16);

        context.stop();
        assertThat(meters.meterCount(null)).isZero();
    }

    @Test
    void closingTheBinderRemovesItsMetersAndStopsFollowing() throws Exception {
        assertThat(meters.meterCount(null)).isEqualTo(2 * METERS_PER_APPENDER);
        metrics.close();
        assertThat(meters.meterCount(null)).isZero();
        reconfigure("logback-meters.xml");
        assertThat(meters.meterCount(null)).isZero();
    }
}
