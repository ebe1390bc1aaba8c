package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import io.ringlog.contract.ReportedLosses;
import io.ringlog.core.PipelineStats;
import java.io.BufferedReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four threads log numbered lines while the configuration is reloaded 20 times the way Logback's scan does it
 * ({@code context.reset()}, then {@code JoranConfigurator.doConfigure} on the same context). No deadlock, no exception
 * at a caller, and every line is accounted for: in the file once, in order per thread, or missing, where the
 * missing lines are exactly those that never reached a RingAsyncAppender (Logback had no started appender for them
 * during the reset: Logback's behaviour) plus those Ringlog counted as dropped or lost.
 */
class ReconfigurationUnderLoadIT {

    private static final int THREADS = 4;
    private static final int RELOADS = 20;
    private static final int EVENTS_BETWEEN_RELOADS = 5_000;

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

    private static long total(AtomicLongArray counts) {
        long sum = 0;
        for (int i = 0; i < counts.length(); i++) {
            sum += counts.get(i);
        }
        return sum;
    }

    private static String threadDump() {
        StringBuilder dump = new StringBuilder();
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            dump.append(info);
        }
        return dump.toString();
    }

    @Test
    void reloadingTwentyTimesUnderLoadLosesNothingUnaccounted() throws Exception {
        Path file = dir.resolve("reconfig.log");
        Collector collector = new Collector();
        List<RingAsyncAppender> rings = new CopyOnWriteArrayList<>();
        try (LogbackFixture logback = new LogbackFixture("reconfig")) {
            logback.context.getStatusManager().add(collector);
            logback.property("logFile", file).configure("reconfig-under-load");
            rings.add(logback.ring());
            Logger log = logback.logger("app");

            AtomicLongArray logged = new AtomicLongArray(THREADS);
            AtomicBoolean stop = new AtomicBoolean();
            List<Throwable> callerFailures = new CopyOnWriteArrayList<>();
            List<Thread> producers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                producers.add(StatsAssertions.startThread("producer-" + t, () -> {
                    try {
                        for (long i = 0; !stop.get(); i++) {
                            log.info("t{} {}", id, i);
                            logged.set(id, i + 1);
                        }
                    } catch (Throwable e) {
                        callerFailures.add(e);
                    }
                }));
            }

            List<Throwable> reloadFailures = new CopyOnWriteArrayList<>();
            long begin = System.nanoTime();
            Thread reloader = StatsAssertions.startThread("reloader", () -> {
                try {
                    for (int r = 0; r < RELOADS; r++) {
                        long mark = total(logged);
                        await().atMost(Duration.ofSeconds(30)).until(() -> total(logged) >= mark + EVENTS_BETWEEN_RELOADS);
                        // As ReconfigureOnChangeTask: reset (stops every appender), then configure the same context again.
                        logback.context.reset();
                        logback.context.putProperty("logFile", file.toString());
                        JoranConfigurator configurator = new JoranConfigurator();
                        configurator.setContext(logback.context);
                        configurator.doConfigure(ReconfigurationUnderLoadIT.class.getResource("reconfig-under-load.xml"));
                        RingAsyncAppender ring = logback.ring();
                        assertThat(ring.isStarted()).isTrue();
                        rings.add(ring);
                    }
                } catch (Throwable e) {
                    reloadFailures.add(e);
                }
            });
            reloader.join(TimeUnit.SECONDS.toMillis(60));
            if (reloader.isAlive()) {
                stop.set(true);
                throw new AssertionError("the reloads did not finish within 60 s (deadlock?):\n" + threadDump());
            }
            long reloadMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
            long mark = total(logged);
            await().atMost(Duration.ofSeconds(30)).until(() -> total(logged) >= mark + EVENTS_BETWEEN_RELOADS);
            stop.set(true);
            for (Thread producer : producers) {
                producer.join(TimeUnit.SECONDS.toMillis(30));
                if (producer.isAlive()) {
                    throw new AssertionError(producer.getName() + " is stuck:\n" + threadDump());
                }
            }
            assertThat(reloadFailures).isEmpty();
            assertThat(callerFailures).as("no exception reaches a caller").isEmpty();
            logback.context.stop();

            assertThat(rings).hasSize(RELOADS + 1).doesNotHaveDuplicates();
            long received = 0;
            long delivered = 0;
            long countedLosses = 0;
            for (RingAsyncAppender ring : rings) {
                assertThat(ring.isStarted()).isFalse();
                PipelineStats stats = ring.getStats();
                StatsAssertions.assertAccounted(stats, stats.received());
                received += stats.received();
                delivered += stats.delivered();
                countedLosses += stats.dropped() + stats.failed() + stats.queueSize();
            }

            BitSet[] seen = new BitSet[THREADS];
            long[] last = new long[THREADS];
            for (int t = 0; t < THREADS; t++) {
                seen[t] = new BitSet();
                last[t] = -1;
            }
            long lines = 0;
            try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    lines++;
                    int space = line.indexOf(' ');
                    int thread = Integer.parseInt(line.substring(1, space));
                    int number = Integer.parseInt(line.substring(space + 1));
                    assertThat(number).as("line %s is one that was logged", line).isLessThan((int) logged.get(thread));
                    assertThat(seen[thread].get(number)).as("line %s is in the file once", line).isFalse();
                    assertThat((long) number).as("thread %d's order", thread).isGreaterThan(last[thread]);
                    seen[thread].set(number);
                    last[thread] = number;
                }
            }
            long total = total(logged);
            long missing = total - lines;
            long neverReachedRinglog = total - received;
            List<String> messages = collector.messages;
            long reportedLosses = ReportedLosses.dropped(messages, "RING") + ReportedLosses.lostAtDrain(messages, "RING")
                    + ReportedLosses.failures(messages, "RING");
            System.out.printf("[figures] logback reconfiguration: %d reloads in %d ms, logged=%d, in file=%d, missing=%d: "
                            + "never reached Ringlog=%d, reached Ringlog and lost (counted)=%d, reported through status=%d%n",
                    RELOADS, reloadMillis, total, lines, missing, neverReachedRinglog, countedLosses, reportedLosses);

            assertThat(lines).as("everything Ringlog delivered is in the file").isEqualTo(delivered);
            assertThat(missing).as("missing = never reached Ringlog + counted by Ringlog").isEqualTo(neverReachedRinglog + countedLosses);
            assertThat(reportedLosses).as("Ringlog's reported losses do not exceed its counted ones").isLessThanOrEqualTo(countedLosses);
            assertThat(ReportedLosses.lostAtDrain(messages, "RING")).as("every drain at reset completed").isZero();
        }
    }
}
