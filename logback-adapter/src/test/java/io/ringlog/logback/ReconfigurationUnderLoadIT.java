package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import io.ringlog.contract.Accounting;
import io.ringlog.contract.LoadWithReloads;
import io.ringlog.contract.NumberedLines;
import io.ringlog.contract.ReportedLosses;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four threads log numbered lines while the configuration is reloaded 20 times the way Logback's scan does it
 * ({@code context.reset()}, then {@code JoranConfigurator.doConfigure} on the same context; {@link LoadWithReloads}).
 * No deadlock, no exception at a caller, and every line is accounted for: in the file once, in order per thread, or
 * missing, where the missing lines are exactly those that never reached a RingAsyncAppender (Logback had no started
 * appender for them during the reset: Logback's behaviour) plus those Ringlog counted as dropped or lost.
 */
class ReconfigurationUnderLoadIT {

    @TempDir
    Path dir;

    /** Keeps every status, including those the status manager would trim (it keeps the first and last 150). */
    private static final class Collector implements StatusListener {
        final List<String> messages = new CopyOnWriteArrayList<>();

        @Override
        public void addStatusEvent(Status status) {
            messages.add(status.getMessage());
        }

        @Override
        public boolean isResetResistant() {
            return true;
        }
    }

    @Test
    void reloadingTwentyTimesUnderLoadLosesNothingUnaccounted() throws Exception {
        Path file = dir.resolve("reconfig.log");
        Collector collector = new Collector();
        List<RingAsyncAppender> rings = new CopyOnWriteArrayList<>();
        LoadWithReloads.Result load;
        try (LogbackFixture logback = new LogbackFixture("reconfig")) {
            logback.context.getStatusManager().add(collector);
            logback.property("logFile", file).configure("reconfig-under-load");
            rings.add(logback.ring());
            load = LoadWithReloads.run(logback.logger("app")::info, () -> {
                // As ReconfigureOnChangeTask: reset (stops every appender), then configure the same context again.
                logback.context.reset();
                logback.context.putProperty("logFile", file.toString());
                JoranConfigurator configurator = new JoranConfigurator();
                configurator.setContext(logback.context);
                configurator.doConfigure(ReconfigurationUnderLoadIT.class.getResource("reconfig-under-load.xml"));
                RingAsyncAppender ring = logback.ring();
                assertThat(ring.isStarted()).isTrue();
                rings.add(ring);
            });
            logback.context.stop();
        }

        assertThat(rings).hasSize(LoadWithReloads.RELOADS + 1).doesNotHaveDuplicates();
        long received = 0;
        long delivered = 0;
        long deliveredDirectly = 0;
        long countedLosses = 0;
        for (RingAsyncAppender ring : rings) {
            assertThat(ring.isStarted()).isFalse();
            PipelineStats stats = ring.getStats();
            Accounting.assertAccounted(stats, stats.received());
            received += stats.received();
            delivered += stats.delivered();
            deliveredDirectly += stats.deliveredDirectly();
            countedLosses += stats.dropped() + stats.failed() + stats.queueSize();
        }
        NumberedLines written = NumberedLines.read(file, load.logged);
        long total = load.total();
        long missing = total - written.lines;
        long neverReachedRinglog = total - received;
        List<String> messages = collector.messages;
        long reportedLosses = ReportedLosses.dropped(messages, "RING") + ReportedLosses.lostAtDrain(messages, "RING")
                + ReportedLosses.failures(messages, "RING");
        System.out.printf("[figures] logback reconfiguration: %d reloads in %d ms, logged=%d, in file=%d, missing=%d: "
                        + "never reached Ringlog=%d, reached Ringlog and lost (counted)=%d, reported through status=%d%n",
                LoadWithReloads.RELOADS, load.reloadMillis, total, written.lines, missing, neverReachedRinglog, countedLosses, reportedLosses);

        assertThat(written.overtaken).as("each thread's lines in order").isZero();
        // Callers that raced a reset were refused by the ring once it had drained and wrote on their own thread.
        assertThat(written.lines).as("everything Ringlog delivered is in the file").isEqualTo(delivered + deliveredDirectly);
        assertThat(missing).as("missing = never reached Ringlog + counted by Ringlog").isEqualTo(neverReachedRinglog + countedLosses);
        assertThat(reportedLosses).as("Ringlog's reported losses do not exceed its counted ones").isLessThanOrEqualTo(countedLosses);
        assertThat(ReportedLosses.lostAtDrain(messages, "RING")).as("every drain at reset completed").isZero();
    }
}
