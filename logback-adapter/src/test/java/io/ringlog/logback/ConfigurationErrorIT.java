package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import io.ringlog.core.EventLevel;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Invalid configurations: a clear error status, the appender not started, and logging carries on. */
class ConfigurationErrorIT {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "bad-queue-size  | Invalid queue size [0]: the queue size must be between 1 and",
            "bad-policy      | Unknown fullQueuePolicy [DROP_SOME]: expected one of BLOCK, DROP_BELOW_WARN, DROP_ALL",
            "no-appender-ref | No attached appenders found (no appender is referenced inside <appender name=\"RING\">)",
            "bad-max-block-time | Invalid maxBlockTime [1 sekund]: expected milliseconds (250, or -1 for no bound) or a Logback duration",
            "bad-max-flush-time | Invalid maxFlushTime [soon]: expected milliseconds",
            "bad-append-timeout | Invalid appendTimeout [100 ms]: expected milliseconds",
            "bad-max-queue-bytes | Invalid maxQueueBytes [lots]: a size must be a whole number of bytes, or one followed by KB, MB or GB"})
    void anInvalidConfigurationIsAnErrorAndTheAppenderDoesNotStart(String scenario, String error) {
        try (LogbackFixture logback = new LogbackFixture(scenario).configure(scenario)) {
            assertThat(logback.messages(Status.ERROR))
                    .anyMatch(m -> m.startsWith(error) && m.contains("appender [RING] is not started"));
            RingAsyncAppender ring = logback.ring();
            assertThat(ring.isStarted()).isFalse();
            Logger log = logback.logger("app");
            assertThatCode(() -> log.error("still fine")).doesNotThrowAnyException();
            assertThat(ring.getStats().received()).isZero();
        }
    }

    @Test
    void neverBlockWinsOverAnExplicitBlockWithAWarning() {
        try (LogbackFixture logback = new LogbackFixture("conflict").configure("never-block-conflict")) {
            assertThat(logback.messages(Status.WARN)).anyMatch(m -> m.startsWith(
                    "neverBlock=true conflicts with fullQueuePolicy=BLOCK; neverBlock wins, appender [RING] uses DROP_ALL"));
            RingAsyncAppender ring = logback.ring();
            assertThat(ring.isStarted()).isTrue();
            GateAppender gate = logback.child("GATE");
            Logger log = logback.logger("app");
            log.info("first");
            await().until(() -> gate.arrivals() == 1);
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                for (int i = 0; i < 10; i++) {
                    log.info("never waits {}", i);
                }
            });
            assertThat(ring.getStats().dropped(EventLevel.INFO)).isEqualTo(3);
            gate.open();
        }
    }
}
