package io.ringlog.spring.boot.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.EventLevel;
import io.ringlog.core.LiveAppender;
import io.ringlog.core.LiveAppenders;
import io.ringlog.core.PipelineStats;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The health rules, on a registered appender whose counters and clock the test sets. */
class AppenderHealthCheckTest {
    private static final Duration STALL_TIMEOUT = Duration.ofSeconds(30);

    private final Object context = new Object();
    private final AtomicReference<PipelineStats> stats = new AtomicReference<>(stats(0, 0, 0, 0));
    private final AtomicBoolean failed = new AtomicBoolean();
    private final LiveAppenders.Registration appender = LiveAppenders.register("logback", context, "app", "RINGLOG", stats::get, failed::get);
    private final AtomicLong now = new AtomicLong();
    private final AppenderHealthCheck check = new AppenderHealthCheck(this::ours, STALL_TIMEOUT, now::get);

    @AfterEach
    void stop() {
        appender.close();
    }

    @Test
    void upWhileDeliveringWithEachAppendersCounts() {
        stats.set(stats(100, 90, 0, 3));
        HealthReport report = check.check();
        assertThat(report.isUp()).isTrue();
        assertThat(report.details()).doesNotContainKey("reason");
        assertThat(appenderDetails(report)).containsEntry("status", "UP").containsEntry("queueSize", 10L)
                .containsEntry("capacity", 1024).containsEntry("delivered", 90L).containsEntry("dropped", 3L).containsEntry("failed", 0L);
    }

    @Test
    void downWhenTheDownstreamHasFailedEveryEventForTheStallTimeout() {
        stats.set(stats(10, 10, 0, 0));
        assertThat(check.check().isUp()).isTrue();
        advance(STALL_TIMEOUT.minusSeconds(1), stats(20, 10, 10, 0));
        assertThat(check.check().isUp()).as("failing for less than the stall timeout").isTrue();
        advance(Duration.ofSeconds(1), stats(30, 10, 20, 0));
        HealthReport report = check.check();
        assertThat(report.isUp()).isFalse();
        assertThat((String) report.details().get("reason")).startsWith("logback/app/RINGLOG: its downstream appenders have failed every event for PT30S");
        assertThat(appenderDetails(report)).containsEntry("status", "DOWN").containsEntry("failed", 20L);

        advance(Duration.ofSeconds(1), stats(31, 11, 20, 0));
        assertThat(check.check().isUp()).as("up again once an event is delivered").isTrue();
    }

    @Test
    void downWhenEventsWaitAndNothingIsDeliveredForTheStallTimeout() {
        stats.set(stats(50, 40, 0, 0));
        assertThat(check.check().isUp()).isTrue();
        advance(STALL_TIMEOUT, stats(60, 40, 0, 0));
        HealthReport report = check.check();
        assertThat(report.isUp()).isFalse();
        assertThat(report.problems()).singleElement().asString().contains("20 events have waited in its ring for PT30S");
    }

    @Test
    void anIdleAppenderStaysUpAndAFailureAmongDeliveriesIsNoStall() {
        stats.set(stats(10, 10, 0, 0));
        check.check();
        advance(STALL_TIMEOUT.multipliedBy(3), stats(10, 10, 0, 0));
        assertThat(check.check().isUp()).as("idle").isTrue();
        advance(STALL_TIMEOUT.multipliedBy(3), stats(30, 20, 10, 0));
        assertThat(check.check().isUp()).as("some delivered, some failed").isTrue();
    }

    @Test
    void downAtOnceWhenThePipelineHasFailed() {
        stats.set(stats(10, 10, 0, 0));
        assertThat(check.check().isUp()).isTrue();
        failed.set(true);
        HealthReport report = check.check();
        assertThat(report.isUp()).as("no stall timeout to wait for").isFalse();
        assertThat(report.problems()).singleElement().asString().startsWith("logback/app/RINGLOG: its consumer thread failed");
    }

    @Test
    void upWithNoLiveAppender() {
        appender.close();
        HealthReport report = check.check();
        assertThat(report.isUp()).isTrue();
        assertThat(report.details()).containsEntry("appenders", Map.of());
    }

    private List<LiveAppender> ours() {
        return LiveAppenders.live().stream().filter(a -> a.context() == context).collect(Collectors.toList());
    }

    private void advance(Duration time, PipelineStats next) {
        now.addAndGet(time.toNanos());
        stats.set(next);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> appenderDetails(HealthReport report) {
        return (Map<String, Object>) ((Map<String, Object>) report.details().get("appenders")).get("logback/app/RINGLOG");
    }

    private static PipelineStats stats(long enqueued, long delivered, long failed, long dropped) {
        long[] droppedByLevel = new long[EventLevel.values().length];
        droppedByLevel[EventLevel.DEBUG.ordinal()] = dropped;
        return new PipelineStats(1024, enqueued, delivered, failed, droppedByLevel);
    }
}
