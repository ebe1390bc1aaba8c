package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four threads log numbered lines while the configuration is reloaded 20 times ({@code LoggerContext.reconfigure()}):
 * no deadlock, no exception at a caller, and every line is in the file exactly once. Log4j2 swaps configurations
 * atomically and RingAsync drains into the old targets before they stop, so nothing may be missing; events that arrive
 * at the old RingAsync after its drain are delivered on the caller's thread (counted as {@code deliveredDirectly}).
 * Order per thread is not kept across a reload: Log4j2 starts the new configuration, whose RingAsync writes at once,
 * before it stops the old one, whose RingAsync then drains what it still held (as the stock {@code <Async>} would);
 * the figures show how many lines that reorders.
 */
class ReconfigurationUnderLoadIT {
    private static final int THREADS = 4;
    private static final int RELOADS = 20;
    private static final int EVENTS_BETWEEN_RELOADS = 5_000;

    @TempDir
    Path dir;

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
    void reloadingTwentyTimesUnderLoadLosesNothing() throws Exception {
        List<RingAsyncAppender> rings = new CopyOnWriteArrayList<>();
        AtomicLongArray logged = new AtomicLongArray(THREADS);
        List<String> messages;
        long reloadMillis;
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = TestContexts.start("reconfig-under-load.xml", dir);
            try {
                rings.add(context.getConfiguration().getAppender("RING_RECONF"));
                Logger logger = context.getLogger("reconfig");
                AtomicBoolean stop = new AtomicBoolean();
                List<Throwable> callerFailures = new CopyOnWriteArrayList<>();
                List<Thread> producers = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int id = t;
                    Thread producer = new Thread(() -> {
                        try {
                            for (long i = 0; !stop.get(); i++) {
                                logger.info("t{} {}", id, i);
                                logged.set(id, i + 1);
                            }
                        } catch (Throwable e) {
                            callerFailures.add(e);
                        }
                    }, "producer-" + t);
                    producer.start();
                    producers.add(producer);
                }
                List<Throwable> reloadFailures = new CopyOnWriteArrayList<>();
                long begin = System.nanoTime();
                Thread reloader = new Thread(() -> {
                    try {
                        for (int r = 0; r < RELOADS; r++) {
                            long mark = total(logged);
                            await().atMost(Duration.ofSeconds(30)).until(() -> total(logged) >= mark + EVENTS_BETWEEN_RELOADS);
                            context.reconfigure();
                            RingAsyncAppender ring = context.getConfiguration().getAppender("RING_RECONF");
                            assertThat(ring.isStarted()).isTrue();
                            rings.add(ring);
                        }
                    } catch (Throwable e) {
                        reloadFailures.add(e);
                    }
                }, "reloader");
                reloader.start();
                reloader.join(TimeUnit.SECONDS.toMillis(60));
                if (reloader.isAlive()) {
                    stop.set(true);
                    throw new AssertionError("the reloads did not finish within 60 s (deadlock?):\n" + threadDump());
                }
                reloadMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
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
            } finally {
                context.stop();
            }
            messages = status.messages();
        }

        assertThat(rings).hasSize(RELOADS + 1).doesNotHaveDuplicates();
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
        BitSet[] seen = new BitSet[THREADS];
        long[] last = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            seen[t] = new BitSet();
            last[t] = -1;
        }
        long lines = 0;
        long overtaken = 0;
        try (BufferedReader reader = Files.newBufferedReader(dir.resolve("reconfig.log"), StandardCharsets.UTF_8)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines++;
                int space = line.indexOf(' ');
                int thread = Integer.parseInt(line.substring(1, space));
                int number = Integer.parseInt(line.substring(space + 1));
                assertThat(number).as("line %s is one that was logged", line).isLessThan((int) logged.get(thread));
                assertThat(seen[thread].get(number)).as("line %s is in the file once", line).isFalse();
                if (number < last[thread]) {
                    // The new configuration's RingAsync starts (and writes) before the old one drains: see the class notes.
                    overtaken++;
                }
                seen[thread].set(number);
                last[thread] = Math.max(last[thread], number);
            }
        }
        long total = total(logged);
        long reported = ReportedLosses.dropped(messages, "RING_RECONF") + ReportedLosses.lostAtDrain(messages, "RING_RECONF")
                + ReportedLosses.failures(messages, "RING_RECONF") + ReportedLosses.callerThreadFailures(messages, "RING_RECONF");
        System.out.printf("[figures] log4j2 reconfiguration: %d reloads in %d ms, logged=%d, in file=%d, missing=%d; "
                        + "enqueued=%d delivered by the consumers=%d, delivered on callers' threads (deliveredDirectly)=%d, "
                        + "counted dropped=%d, lost=%d, reported through status=%d; lines written after a later line of their thread=%d%n",
                RELOADS, reloadMillis, total, lines, total - lines, enqueued, delivered, direct, dropped, lost, reported, overtaken);
        assertThat(lost).as("no drain hit its bound, no target threw").isZero();
        assertThat(lines).as("every logged line is in the file: %s", messages).isEqualTo(total);
        assertThat(delivered + direct).as("the file holds exactly what the RingAsyncs say they delivered").isEqualTo(lines);
        assertThat(dropped).isZero();
        assertThat(reported).isZero();
    }
}
