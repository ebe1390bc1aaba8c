package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A stock AsyncAppender configuration with only the class swapped, and restarting. */
class StockConfigIT {

    @TempDir
    Path dir;

    @Test
    void stockConfigurationWithTheClassSwappedWritesEveryLineInOrder() throws Exception {
        Path file = dir.resolve("app.log");
        List<String> expected = new ArrayList<>();
        String thread = Thread.currentThread().getName();
        try (LogbackFixture logback = new LogbackFixture("stock").property("logFile", file).configure("stock-swap")) {
            assertThat(logback.ring().isStarted()).isTrue();
            assertThat(logback.messages(Status.ERROR)).isEmpty();
            Logger log = logback.logger("com.example.Service");
            for (int i = 0; i < 2000; i++) {
                log.info("line {}", i);
                expected.add("INFO  [" + thread + "] com.example.Service - line " + i);
            }
            log.debug("last");
            expected.add("DEBUG [" + thread + "] com.example.Service - last");
        }
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).containsExactlyElementsOf(expected);
    }

    @Test
    void restartsWithANewPipelineAndItsChildrenAgain() throws Exception {
        Path file = dir.resolve("restart.log");
        try (LogbackFixture logback = new LogbackFixture("restart").property("logFile", file).configure("stock-swap")) {
            RingAsyncAppender ring = logback.ring();
            Logger log = logback.logger("app");
            for (int i = 0; i < 10; i++) {
                log.info("before {}", i);
            }
            ring.stop();
            assertThat(ring.isStarted()).isFalse();
            assertThat(ring.getAppender("FILE").isStarted()).as("the child is stopped with its parent").isFalse();
            assertThat(ring.getStats().delivered()).isEqualTo(10);

            ring.start();
            assertThat(ring.isStarted()).isTrue();
            assertThat(ring.getAppender("FILE").isStarted()).isTrue();
            assertThat(ring.getStats().enqueued()).as("a new pipeline, new counters").isZero();
            for (int i = 0; i < 10; i++) {
                log.info("after {}", i);
            }
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(20);
        assertThat(lines.get(0)).endsWith("before 0");
        assertThat(lines.get(19)).endsWith("after 9");
    }
}
