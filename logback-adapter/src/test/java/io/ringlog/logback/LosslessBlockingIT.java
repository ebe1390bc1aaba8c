package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import io.ringlog.contract.Accounting;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.PipelineStats;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Four producers against a ring of 64 under BLOCK: every line arrives, each producer's lines in order. */
class LosslessBlockingIT {

    private static final int PRODUCERS = 4;
    private static final int PER_PRODUCER = 10_000;

    @TempDir
    Path dir;

    @Test
    void blockLosesNothingAndKeepsPerThreadOrder() throws Exception {
        Path file = dir.resolve("lossless.log");
        PipelineStats stats;
        try (LogbackFixture logback = new LogbackFixture("lossless").property("logFile", file).configure("block-lossless")) {
            Logger log = logback.logger("app");
            List<Thread> producers = new ArrayList<>();
            for (int p = 0; p < PRODUCERS; p++) {
                int producer = p;
                producers.add(TestThreads.startThread("producer-" + p, () -> {
                    for (int i = 0; i < PER_PRODUCER; i++) {
                        log.info("{} {}", producer, i);
                    }
                }));
            }
            for (Thread producer : producers) {
                producer.join();
            }
            RingAsyncAppender ring = logback.ring();
            ring.stop();
            stats = ring.getStats();
        }
        Accounting.assertAccounted(stats, PRODUCERS * PER_PRODUCER);
        assertThat(stats.dropped()).isZero();
        assertThat(stats.delivered()).isEqualTo(PRODUCERS * PER_PRODUCER);

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(PRODUCERS * PER_PRODUCER);
        Map<Integer, Integer> next = new HashMap<>();
        for (String line : lines) {
            String[] parts = line.split(" ");
            int producer = Integer.parseInt(parts[0]);
            int sequence = Integer.parseInt(parts[1]);
            assertThat(sequence).as("next line of producer %d", producer).isEqualTo(next.getOrDefault(producer, 0));
            next.put(producer, sequence + 1);
        }
    }
}
