package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.rolling.RollingFileAppender;
import io.ringlog.contract.TestThreads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stream children write every event and flush once per batch; an explicit immediateFlush=false is honoured. */
class BatchedFlushIT {

    @TempDir
    Path dir;

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aBatchIsWrittenAndFlushedOnceAndVisibleWithoutStopping() {
        Path flushedFile = dir.resolve("flushed.log");
        Path bufferedFile = dir.resolve("buffered.log");
        try (LogbackFixture logback = new LogbackFixture("batched").property("flushedFile", flushedFile)
                .property("bufferedFile", bufferedFile).configure("batched-flush")) {
            RingAsyncAppender ring = logback.ring();
            GateAppender gate = logback.child("GATE");
            FlushCountingFileAppender flushed = logback.child("FLUSHED");
            FlushCountingFileAppender buffered = logback.child("BUFFERED");
            Logger log = logback.logger("app");

            log.info("line 0");
            await().until(() -> gate.arrivals() == 1);
            for (int i = 1; i < 100; i++) {
                log.info("line {}", i);
            }
            assertThat(flushed.flushes()).isZero();
            gate.open();

            await().until(() -> lines(flushedFile).size() == 100);
            assertThat(lines(flushedFile)).startsWith("line 0").endsWith("line 99");
            assertThat(flushed.flushes()).as("two batches ([line 0], [line 1..99]), at most two flushes each; not one per event")
                    .isBetween(2, 4);
            assertThat(flushed.isImmediateFlush()).as("restored between batches").isTrue();

            assertThat(buffered.isImmediateFlush()).isFalse();
            assertThat(buffered.flushes()).as("immediateFlush=false is left alone").isZero();
            assertThat(lines(bufferedFile)).isEmpty();

            log.info("a later batch");
            await().until(() -> lines(flushedFile).size() == 101);

            ring.stop();
            assertThat(lines(bufferedFile)).hasSize(101).endsWith("a later batch");
        }
    }

    @Test
    void rolloverFromAnotherThreadWhileBatchingLosesAndDuplicatesNothing() throws Exception {
        Path logDir = dir.resolve("rolling");
        int perProducer = 500;
        try (LogbackFixture logback = new LogbackFixture("rolling").property("logDir", logDir).configure("rolling")) {
            RingAsyncAppender ring = logback.ring();
            RollingFileAppender<?> rolling = logback.child("ROLLING");
            Logger log = logback.logger("app");
            List<Thread> producers = new ArrayList<>();
            for (int p = 0; p < 2; p++) {
                int producer = p;
                producers.add(TestThreads.startThread("producer-" + p, () -> {
                    for (int i = 0; i < perProducer; i++) {
                        log.info("p{} line {}", producer, i);
                    }
                }));
            }
            for (int roll = 1; roll <= 5; roll++) {
                long target = roll * 150L;
                await().until(() -> ring.getStats().delivered() >= target);
                rolling.rollover();
            }
            for (Thread producer : producers) {
                producer.join();
            }
            ring.stop();
        }
        List<String> all = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> listing = Files.list(logDir)) {
            files = listing.collect(Collectors.toList());
        }
        for (Path file : files) {
            all.addAll(lines(file));
        }
        assertThat(files).hasSize(6);
        Set<String> unique = new HashSet<>(all);
        assertThat(all).hasSize(2 * perProducer);
        assertThat(unique).hasSize(2 * perProducer);
    }
}
