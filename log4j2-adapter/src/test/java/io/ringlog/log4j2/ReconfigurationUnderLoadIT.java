package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.contract.LoadWithReloads;
import io.ringlog.contract.NumberedLines;
import io.ringlog.contract.ReportedLosses;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four threads log numbered lines while the configuration is reloaded 20 times ({@code LoggerContext.reconfigure()};
 * {@link LoadWithReloads}): no deadlock, no exception at a caller, and every line is in the file exactly once. Log4j2
 * swaps configurations atomically and RingAsync drains into the old targets before they stop, so nothing may be
 * missing; events that arrive at the old RingAsync after its drain are delivered on the caller's thread (counted as
 * {@code deliveredDirectly}). Order per thread is not kept across a reload: Log4j2 starts the new configuration, whose
 * RingAsync writes at once, before it stops the old one, whose RingAsync then drains what it still held (as the stock
 * {@code <Async>} would); the figures show how many lines that reorders.
 */
class ReconfigurationUnderLoadIT {

    @TempDir
    Path dir;

    @Test
    void reloadingTwentyTimesUnderLoadLosesNothing() throws Exception {
        List<RingAsyncAppender> rings = new CopyOnWriteArrayList<>();
        LoadWithReloads.Result load;
        List<String> messages;
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = TestContexts.start("reconfig-under-load.xml", dir);
            try {
                rings.add(context.getConfiguration().getAppender("RING_RECONF"));
                load = LoadWithReloads.run(context.getLogger("reconfig")::info, () -> {
                    context.reconfigure();
                    RingAsyncAppender ring = context.getConfiguration().getAppender("RING_RECONF");
                    assertThat(ring.isStarted()).isTrue();
                    rings.add(ring);
                });
            } finally {
                context.stop();
            }
            messages = status.messages();
        }

        assertThat(rings).hasSize(LoadWithReloads.RELOADS + 1).doesNotHaveDuplicates();
        long enqueued = 0;
        long delivered = 0;
        long direct = 0;
        long dropped = 0;
        long lost = 0;
        for (RingAsyncAppender ring : rings) {
            assertThat(ring.isStopped()).isTrue();
            PipelineStats stats = ring.getStats();
            assertThat(stats.delivered() + stats.failed() + stats.queueSize()).as("delivered + failed + queue == enqueued: %s", stats)
                    .isEqualTo(stats.enqueued());
            enqueued += stats.enqueued();
            delivered += stats.delivered();
            direct += stats.deliveredDirectly();
            dropped += stats.dropped();
            lost += stats.failed() + stats.queueSize();
        }
        NumberedLines written = NumberedLines.read(dir.resolve("reconfig.log"), load.logged);
        long total = load.total();
        long reported = ReportedLosses.dropped(messages, "RING_RECONF") + ReportedLosses.lostAtDrain(messages, "RING_RECONF")
                + ReportedLosses.failures(messages, "RING_RECONF") + ReportedLosses.callerThreadFailures(messages, "RING_RECONF");
        System.out.printf("[figures] log4j2 reconfiguration: %d reloads in %d ms, logged=%d, in file=%d, missing=%d; "
                        + "enqueued=%d delivered by the consumers=%d, delivered on callers' threads (deliveredDirectly)=%d, "
                        + "counted dropped=%d, lost=%d, reported through status=%d; lines written after a later line of their thread=%d%n",
                LoadWithReloads.RELOADS, load.reloadMillis, total, written.lines, total - written.lines, enqueued, delivered, direct,
                dropped, lost, reported, written.overtaken);
        assertThat(lost).as("no drain hit its bound, no target threw").isZero();
        assertThat(written.lines).as("every logged line is in the file: %s", messages).isEqualTo(total);
        assertThat(delivered + direct).as("the file holds exactly what the RingAsyncs say they delivered").isEqualTo(written.lines);
        assertThat(dropped).isZero();
        assertThat(reported).isZero();
    }
}
