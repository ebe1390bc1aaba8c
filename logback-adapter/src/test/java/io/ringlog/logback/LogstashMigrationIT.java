package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import io.ringlog.core.EventLevel;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * What users of logstash-logback-encoder's async appender write: its property names and Logback durations work, and
 * a delegate nested inside the appender (which Logback 1.3+ discards while parsing) is an error that says what to do.
 */
class LogstashMigrationIT {

    @TempDir
    Path dir;

    @Test
    void logstashNamesAndDurationsConfigureTheRing() {
        try (LogbackFixture logback = new LogbackFixture("aliases").configure("logstash-aliases")) {
            assertThat(logback.messages(Status.WARN)).as("no property is ignored").isEmpty();
            assertThat(logback.messages(Status.INFO)).anyMatch(m -> m.startsWith("Ringlog appender [RING] started: ")
                    && m.contains("capacity=8,") && m.contains("maxBlockTime=150ms") && m.contains("drainTimeout=3000ms"));
            assertCallersWaitOnlyForTheBound(logback);
        }
    }

    @Test
    void logbackDurationsWorkUnderRinglogsOwnNames() {
        try (LogbackFixture logback = new LogbackFixture("durations").configure("duration-syntax")) {
            assertThat(logback.messages(Status.INFO)).anyMatch(m -> m.startsWith("Ringlog appender [RING] started: ")
                    && m.contains("maxBlockTime=150ms") && m.contains("drainTimeout=2000ms"));
            assertCallersWaitOnlyForTheBound(logback);
        }
    }

    /** The ring holds 8 events, the one held in the child included: the ninth waits for the bound, then is dropped and counted. */
    private static void assertCallersWaitOnlyForTheBound(LogbackFixture logback) {
        RingAsyncAppender ring = logback.ring();
        GateAppender gate = logback.child("GATE");
        Logger log = logback.logger("app");
        log.info("held");
        await().until(() -> gate.arrivals() == 1);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int i = 0; i < 8; i++) {
                log.info("queued {}", i);
            }
        });
        assertThat(ring.getStats().dropped(EventLevel.INFO)).isEqualTo(1);
        assertThat(ring.getStats().callersBlocked()).isPositive();
        gate.open();
        await().until(() -> gate.messages().size() == 8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"nested-appender", "nested-appender-named"})
    void aNestedDelegateIsAnErrorThatSaysHowToFixIt(String scenario) {
        try (LogbackFixture logback = new LogbackFixture(scenario).property("file", dir.resolve("nested.log")).configure(scenario)) {
            assertThat(logback.messages(Status.WARN).stream().anyMatch(m -> m.contains("nested appenders are not allowed"))
                    || logback.messages(Status.ERROR).stream().anyMatch(m -> m.startsWith("Missing attribute [name]")))
                    .as("Logback itself reports the nested element").isTrue();
            assertThat(logback.messages(Status.ERROR)).anyMatch(m -> m.startsWith("No attached appenders found")
                    && m.contains("appender [RING] is not started") && m.endsWith(RingAsyncAppender.NESTED_APPENDER_HINT));
            assertThat(logback.ring().isStarted()).isFalse();
        }
    }
}
