package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.Accounting;
import io.ringlog.contract.FlakyDisk;
import io.ringlog.contract.ReportedLosses;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target whose disk fills up and later frees space: Log4j2's OutputStreamManager turns each failed write into an
 * AppenderLoggingException, which reaches RingAsync (ignoreExceptions="false"). Each event written while the disk was
 * full is counted as failed, exactly (immediateFlush: one event per write), reported through the StatusLogger, and the
 * events logged after the disk recovered reach it; the sibling file gets every event.
 */
class DiskFullIT {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void writesFailWhileTheDiskIsFullAreCountedAndLoggingResumes() {
        RingAsyncAppender ring;
        FlakyDisk disk;
        List<String> messages;
        List<String> all = new ArrayList<>();
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = TestContexts.start("disk-full.xml", dir);
            try {
                ring = appender(context, "RING_DISK", RingAsyncAppender.class);
                disk = appender(context, "DISK", FlakyDiskAppender.class).disk();
                Logger logger = context.getLogger("disk");
                for (int i = 0; i < 1_000; i++) {
                    logger.info("before {}", i);
                    all.add("before " + i);
                }
                await().atMost(WAIT).until(() -> ring.getStats().delivered() == 1_000);
                disk.setFull(true);
                for (int i = 0; i < 1_000; i++) {
                    logger.info("during {}", i);
                    all.add("during " + i);
                }
                await().atMost(WAIT).until(() -> ring.getStats().delivered() + ring.getStats().failed() == 2_000);
                assertThat(ring.getStats().failed()).as("every event written while the disk was full").isEqualTo(1_000);
                assertThat(appender(context, "DISK", FlakyDiskAppender.class).isStarted()).isTrue();
                disk.setFull(false);
                for (int i = 0; i < 1_000; i++) {
                    logger.info("after {}", i);
                    all.add("after " + i);
                }
                await().atMost(WAIT).until(() -> ring.getStats().delivered() + ring.getStats().failed() == 3_000);
            } finally {
                context.stop();
            }
            messages = status.messages();
        }
        PipelineStats stats = ring.getStats();
        Accounting.assertAccounted(stats, 3_000);
        assertThat(stats.failed()).isEqualTo(1_000);
        assertThat(stats.delivered()).isEqualTo(2_000);
        assertThat(disk.failedWrites()).isEqualTo(1_000);
        assertThat(ReportedLosses.failures(messages, "RING_DISK")).as("failures reported: %s", messages).isEqualTo(1_000);
        assertThat(messages).anyMatch(m -> m.contains("'RING_DISK': a downstream appender threw;") && m.contains("Error writing to stream"));

        List<String> onDisk = Arrays.asList(disk.text().split("\n"));
        List<String> expectedOnDisk = new ArrayList<>(all.subList(0, 1_000));
        expectedOnDisk.addAll(all.subList(2_000, 3_000));
        assertThat(onDisk).as("the disk has exactly the events not counted as failed").containsExactlyElementsOf(expectedOnDisk);
        assertThat(lines(dir.resolve("sibling.log"))).as("the sibling got every event").containsExactlyElementsOf(all);
        System.out.printf("[figures] log4j2 disk full: logged=3000 failed writes=%d counted failed=%d reported=%d on disk=%d sibling=%d%n",
                disk.failedWrites(), stats.failed(), ReportedLosses.failures(messages, "RING_DISK"), onDisk.size(),
                lines(dir.resolve("sibling.log")).size());
    }
}
