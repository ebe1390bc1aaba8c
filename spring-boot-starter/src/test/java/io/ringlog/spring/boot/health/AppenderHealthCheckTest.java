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

        advance(Duration.ofSeconds(1), stats(32, 11, 20, 0));
        HealthReport recovering = check.check();
        assertThat(recovering.status()).as("one delivery after a stall is not yet a recovery").isEqualTo(AppenderHealth.DOWN);
        assertThat(recovering.problems()).singleElement().asString().contains("it delivers again after a stall");
        advance(STALL_TIMEOUT.dividedBy(2), stats(40, 19, 20, 0));
        assertThat(check.check().isUp()).as("up again after half the stall timeout of steady delivery").isTrue();
    }

    @Test
    void aTrickleNearTheStallTimeoutDoesNotFlap() {
        stats.set(stats(100, 0, 0, 0));
        check.check();
        long delivered = 0;
        advance(STALL_TIMEOUT, stats(100, delivered, 0, 0));
        assertThat(check.check().status()).isEqualTo(AppenderHealth.DOWN);
        for (int i = 0; i < 6; i++) {
            advance(STALL_TIMEOUT.dividedBy(3), stats(100, ++delivered, 0, 0)); // one event delivered, then none
            assertThat(check.check().status()).as("check %s, after a delivery", 2 * i).isEqualTo(AppenderHealth.DOWN);
            advance(STALL_TIMEOUT.dividedBy(3), stats(100, delivered, 0, 0));
            assertThat(check.check().status()).as("check %s, after none", 2 * i + 1).isEqualTo(AppenderHealth.DOWN);
        }
        advance(Duration.ofSeconds(1), stats(100, 100, 0, 0));
        assertThat(check.check().isUp()).as("the ring emptied").isTrue();
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
    void outOfServiceAtOnceWhenThePipelineHasFailedAndCallersWriteDirectly() {
        stats.set(stats(10, 10, 0, 0));
        assertThat(check.check().isUp()).isTrue();
        failed.set(true);
        HealthReport report = check.check();
        assertThat(report.status()).as("no stall timeout to wait for; logging works, not asynchronously")
                .isEqualTo(AppenderHealth.OUT_OF_SERVICE);
        assertThat(report.problems()).singleElement().asString().startsWith("logback/app/RINGLOG: its consumer thread failed")
                .contains("written on the caller's thread");
        assertThat(appenderDetails(report)).containsEntry("status", "OUT_OF_SERVICE").containsKey("deliveredDirectly");
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
