package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.status.Status;
import io.ringlog.contract.Accounting;
import io.ringlog.contract.FlakyDisk;
import io.ringlog.core.PipelineStats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child whose disk fills up and later frees space. Logback's appenders catch the {@link IOException} themselves
 * (so it never reaches Ringlog, and Ringlog counts those events as delivered): nothing reaches the callers, the
 * failure shows in the status manager (rate-limited by Logback), the consumer goes on, and events logged after the
 * disk recovers reach it.
 */
class DiskFullIT {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Path DEV_FULL = Paths.get("/dev/full");

    @TempDir
    Path dir;

    private static List<String> lines(Path file) throws IOException {
        return Files.isRegularFile(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }

    /**
     * A real FileAppender whose file is, at first, a link to /dev/full (every write fails with ENOSPC, "No space
     * left on device"); then the link is removed, and Logback's resilient stream reopens the path as a real file.
     */
    @Test
    void aFileAppenderOnAFullDiskRecoversAndLaterEventsReachTheFile() throws Exception {
        Assumptions.assumeTrue(Files.isWritable(DEV_FULL), "needs /dev/full (Linux) to simulate a full disk");
        Path file = dir.resolve("app.log");
        Files.createSymbolicLink(file, DEV_FULL);
        try (LogbackFixture logback = new LogbackFixture("disk-full").property("logFile", file).configure("disk-full")) {
            RingAsyncAppender ring = logback.ring();
            FileAppender<?> fileAppender = logback.child("FILE");
            Logger log = logback.logger("app");
            for (int i = 0; i < 2_000; i++) {
                log.info("full {}", i);
            }
            await().atMost(WAIT).until(() -> ring.getStats().delivered() == 2_000);
            List<Status> failures = logback.statuses().stream()
                    .filter(s -> s.getLevel() == Status.ERROR && s.getMessage().startsWith("IO failure while writing to file"))
                    .collect(Collectors.toList());
            assertThat(failures).as("reported through the status manager").isNotEmpty();
            assertThat(failures.get(0).getThrowable()).isInstanceOf(IOException.class).hasMessageContaining("No space left on device");
            assertThat(fileAppender.isStarted()).isTrue();
            assertThat(ring.getStats().failed()).as("Logback caught the IOException: it never reached Ringlog").isZero();

            // Space is freed: the next recovery attempt (Logback backs off 20 ms, 80 ms, 320 ms, ...) opens a real file.
            Files.delete(file);
            AtomicInteger probes = new AtomicInteger();
            await().atMost(WAIT).pollInterval(Duration.ofMillis(20)).until(() -> {
                log.info("probe {}", probes.getAndIncrement());
                return lines(file).stream().anyMatch(l -> l.startsWith("probe "));
            });
            List<String> after = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                log.info("after {}", i);
                after.add("after " + i);
            }
            await().atMost(WAIT).until(() -> lines(file).containsAll(after));
            ring.stop();

            List<String> lines = lines(file);
            assertThat(lines.stream().filter(l -> l.startsWith("after "))).containsExactlyElementsOf(after);
            assertThat(lines).noneMatch(l -> l.startsWith("full "));
            assertThat(logback.messages(Status.INFO)).anyMatch(m -> m.startsWith("Recovered from IO failure on file"));
            PipelineStats stats = ring.getStats();
            long logged = 2_000 + probes.get() + 1_000;
            Accounting.assertAccounted(stats, logged);
            assertThat(stats.delivered()).isEqualTo(logged);
            assertThat(stats.dropped()).isZero();
            long lostByLogback = logged - lines.size();
            System.out.printf("[figures] logback disk full (/dev/full): logged=%d in file=%d lost inside Logback's FileAppender=%d "
                    + "(full %d + probes before recovery %d), IO failure statuses=%d, Ringlog failed=%d%n", logged, lines.size(),
                    lostByLogback, 2_000, lostByLogback - 2_000, failures.size(), stats.failed());
        }
    }

    /**
     * An OutputStreamAppender over a stream whose writes fail while the disk is full: Logback reports one IO failure
     * and stops that child; Ringlog goes on delivering to its sibling (counting each event the stopped child missed as
     * failed), and to the child again once it is restarted.
     */
    @Test
    void aFailingStreamChildIsStoppedByLogbackWhileItsSiblingGetsEveryEvent() throws Exception {
        Path file = dir.resolve("sibling.log");
        try (LogbackFixture logback = new LogbackFixture("disk-full-stream").property("logFile", file).configure("disk-full-stream")) {
            RingAsyncAppender ring = logback.ring();
            FlakyStreamAppender diskAppender = logback.child("DISK");
            FlakyDisk disk = diskAppender.disk();
            Logger log = logback.logger("app");
            List<String> all = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                log.info("before {}", i);
                all.add("before " + i);
            }
            await().atMost(WAIT).until(() -> ring.getStats().delivered() == 500);
            disk.setFull(true);
            for (int i = 0; i < 500; i++) {
                log.info("during {}", i);
                all.add("during " + i);
            }
            // Once Logback stopped the child, each event is still written to the sibling but counted as failed (the
            // stopped child did not get it).
            await().atMost(WAIT).until(() -> ring.getStats().delivered() + ring.getStats().failed() == 1_000);
            long failedWhileStopped = ring.getStats().failed();
            assertThat(failedWhileStopped).as("events the stopped child did not get").isPositive();
            assertThat(disk.failedWrites()).isPositive();
            assertThat(diskAppender.isStarted()).as("Logback stops an OutputStreamAppender on an IOException").isFalse();
            assertThat(logback.messages(Status.ERROR)).filteredOn(m -> m.equals("IO failure in appender")).hasSize(1);

            disk.setFull(false);
            diskAppender.start();
            for (int i = 0; i < 500; i++) {
                log.info("restarted {}", i);
                all.add("restarted " + i);
            }
            await().atMost(WAIT).until(() -> ring.getStats().delivered() + ring.getStats().failed() == 1_500);
            assertThat(ring.getStats().failed()).as("none failed once the child was restarted").isEqualTo(failedWhileStopped);
            ring.stop();

            assertThat(lines(file)).as("the sibling got every event").containsExactlyElementsOf(all);
            List<String> onDisk = Arrays.asList(disk.text().split("\n"));
            assertThat(onDisk).containsSubsequence(all.subList(0, 500)).containsSubsequence(all.subList(1_000, 1_500))
                    .noneMatch(l -> l.startsWith("during "));
            PipelineStats stats = ring.getStats();
            Accounting.assertAccounted(stats, 1_500);
            // Logback caught the IOException itself; what Ringlog counts as failed are the events after it stopped the child.
            assertThat(stats.failed()).as("the events the stopped child missed").isEqualTo(failedWhileStopped).isLessThan(500);
            System.out.printf("[figures] logback failing stream: failed writes=%d, events missing on that stream=%d of 1500, "
                    + "sibling file=%d, Ringlog failed=%d%n", disk.failedWrites(), 1_500 - onDisk.size(), lines(file).size(), stats.failed());
        }
    }
}
