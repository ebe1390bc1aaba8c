package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import io.ringlog.core.PipelineStats;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Children's {@code ThresholdFilter}s and {@code LevelFilter}s are decided on the caller's thread, before a slot is
 * claimed: an event that every child refuses takes no slot and is counted nowhere, as a filter refusing it would in
 * synchronous logging.
 */
class CallerFilteringIT {

    @TempDir
    Path dir;

    @Test
    void anEventEveryChildRefusesTakesNoSlotAndIsNotCounted() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("refused-by-every-child").property("dir", dir).configure("refused-by-every-child")) {
            RingAsyncAppender ring = logback.ring();
            Logger log = logback.logger("app");
            for (int i = 0; i < 200; i++) {
                log.info("refused {}", i);
                log.debug("refused {}", i);
            }
            PipelineStats refused = ring.getStats();
            assertThat(refused.enqueued()).as("events enqueued, each refused by both children").isZero();
            assertThat(refused.dropped()).as("events dropped").isZero();
            assertThat(refused.received()).as("events received").isZero();

            log.warn("taken by WARNINGS");
            log.error("taken by both");
            await().atMost(Duration.ofSeconds(10)).until(() -> ring.getStats().delivered() == 2);
            ring.stop();
            assertThat(ring.getStats().enqueued()).isEqualTo(2);
        }
        assertThat(Files.readAllLines(dir.resolve("warnings.log"), StandardCharsets.UTF_8))
                .containsExactly("WARN  taken by WARNINGS", "ERROR taken by both");
        assertThat(Files.readAllLines(dir.resolve("errors.log"), StandardCharsets.UTF_8)).containsExactly("ERROR taken by both");
    }

    @Test
    void anUnknownCallerEncodingIsAnErrorAndTheAppenderRunsWithAuto() {
        try (LogbackFixture logback = new LogbackFixture("caller-encoding-bad").property("dir", dir).configure("caller-encoding-bad")) {
            assertThat(logback.ring().isStarted()).as("the appender starts").isTrue();
            assertThat(logback.messages(Status.ERROR)).anySatisfy(message -> assertThat(message)
                    .startsWith("Unknown callerEncoding [sometimes]: expected AUTO, ALWAYS or NEVER; appender [RING] uses AUTO"));
        }
    }
}
