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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stream children write every event and flush once per batch, whatever their immediateFlush; with
 * flushAtEndOfBatch=false an explicit immediateFlush=false is left alone.
 */
class BatchedFlushIT {

    @TempDir
    Path dir;
    /** The files of the batched-flush scenarios' FLUSHED and BUFFERED children. */
    private Path flushedFile;
    private Path bufferedFile;

    @BeforeEach
    void resolveFiles() {
        flushedFile = dir.resolve("flushed.log");
        bufferedFile = dir.resolve("buffered.log");
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A batched-flush scenario (FLUSHED writes flushed.log, BUFFERED buffered.log), its context named after it. */
    private LogbackFixture configureBatched(String scenario) {
        return new LogbackFixture(scenario).property("flushedFile", flushedFile).property("bufferedFile", bufferedFile)
                .configure(scenario);
    }

    /** Holds the consumer in GATE on "line 0", queues "line 1".."line 99" behind it, then lets both batches through. */
    private static void logTwoBatches(LogbackFixture logback) {
        GateAppender gate = logback.child("GATE");
        FlushCountingFileAppender flushed = logback.child("FLUSHED");
        Logger log = logback.logger("app");
        log.info("line 0");
        await().until(() -> gate.arrivals() == 1);
        for (int i = 1; i < 100; i++) {
            log.info("line {}", i);
        }
        assertThat(flushed.flushes()).isZero();
        gate.open();
    }

    @Test
    void aBatchIsWrittenAndFlushedOnceAndVisibleWithoutStoppingWhateverTheChildsImmediateFlush() {
        try (LogbackFixture logback = configureBatched("batched-flush")) {
            RingAsyncAppender ring = logback.ring();
            FlushCountingFileAppender flushed = logback.child("FLUSHED");
            FlushCountingFileAppender buffered = logback.child("BUFFERED");
            assertThat(ring.isFlushAtEndOfBatch()).as("the default").isTrue();

            logTwoBatches(logback);

            await().until(() -> lines(flushedFile).size() == 100 && lines(bufferedFile).size() == 100);
            assertThat(lines(flushedFile)).startsWith("line 0").endsWith("line 99");
            assertThat(lines(bufferedFile)).startsWith("line 0").endsWith("line 99");
            assertThat(flushed.flushes()).as("two batches ([line 0], [line 1..99]), at most two flushes each; not one per event")
                    .isBetween(2, 4);
            assertThat(buffered.flushes()).as("immediateFlush=false: the same two end-of-batch flushes").isBetween(2, 4);
            assertThat(flushed.isImmediateFlush()).as("restored between batches").isTrue();
            assertThat(buffered.isImmediateFlush()).as("restored between batches").isFalse();

            logback.logger("app").info("a later batch");
            await().until(() -> lines(bufferedFile).size() == 101);
            assertThat(ring.isStarted()).isTrue();

            ring.stop();
            assertThat(lines(bufferedFile)).hasSize(101).endsWith("a later batch");
        }
    }

    @Test
    void withoutFlushAtEndOfBatchAnExplicitImmediateFlushFalseIsHonoured() {
        try (LogbackFixture logback = configureBatched("batched-flush-off")) {
            RingAsyncAppender ring = logback.ring();
            FlushCountingFileAppender flushed = logback.child("FLUSHED");
            FlushCountingFileAppender buffered = logback.child("BUFFERED");
            assertThat(ring.isFlushAtEndOfBatch()).isFalse();

            logTwoBatches(logback);

            await().until(() -> lines(flushedFile).size() == 100);
            assertThat(flushed.flushes()).as("immediateFlush=true is batched all the same").isBetween(2, 4);
            assertThat(buffered.isImmediateFlush()).isFalse();
            assertThat(buffered.flushes()).as("immediateFlush=false is left alone").isZero();
            assertThat(lines(bufferedFile)).isEmpty();

            ring.stop();
            assertThat(lines(bufferedFile)).hasSize(100).endsWith("line 99");
        }
    }

    @Test
    void aBufferedChildAlsoAttachedToALoggerGetsWholeLinesFromBothWriters() throws Exception {
        Path sharedFile = dir.resolve("shared.log");
        int perWriter = 2_000;
        try (LogbackFixture logback = new LogbackFixture("shared").property("sharedFile", sharedFile).configure("shared-buffered")) {
            RingAsyncAppender ring = logback.ring();
            Logger viaRing = logback.logger("app");
            Logger direct = logback.logger("direct");
            Thread ringWriter = TestThreads.startThread("via-ring", () -> {
                for (int i = 0; i < perWriter; i++) {
                    viaRing.info("ring line {}", i);
                }
            });
            Thread directWriter = TestThreads.startThread("direct", () -> {
                for (int i = 0; i < perWriter; i++) {
                    direct.info("direct line {}", i);
                }
            });
            ringWriter.join();
            directWriter.join();
            await().until(() -> ring.getStats().delivered() == perWriter);
            // The ring's last flush puts every line on disk, including the direct writer's, while the context runs.
            viaRing.info("last");
            await().until(() -> lines(sharedFile).size() == 2 * perWriter + 1);
            ring.stop();
        }
        List<String> all = lines(sharedFile);
        assertThat(all).hasSize(2 * perWriter + 1);
        assertThat(all).filteredOn(line -> line.matches("(ring|direct) line \\d+|last")).hasSize(2 * perWriter + 1);
        assertThat(new HashSet<>(all)).hasSize(2 * perWriter + 1);
    }

    @ParameterizedTest(name = "immediateFlush={0}")
    @ValueSource(booleans = {true, false})
    void rolloverFromAnotherThreadWhileBatchingLosesAndDuplicatesNothing(boolean immediateFlush) throws Exception {
        Path logDir = dir.resolve("rolling");
        int perProducer = 500;
        try (LogbackFixture logback = new LogbackFixture("rolling").property("logDir", logDir)
                .property("immediateFlush", immediateFlush).configure("rolling")) {
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
            await().until(() -> ring.getStats().delivered() == 2L * perProducer);
            assertThat(rolling.isImmediateFlush()).as("restored between batches").isEqualTo(immediateFlush);
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
