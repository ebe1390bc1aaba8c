package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.ringlog.core.PipelineStats;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * 10,000 virtual threads log through {@code <RingAsync>} into a 64-slot ring, blocking ({@code lossless.xml}),
 * so nearly all of them wait for room at once. Waiting callers must unmount from their carriers (the core's
 * CapacityGate waits on a Condition), so that the few carriers never all sit pinned: no deadlock, no JFR
 * {@code jdk.VirtualThreadPinned} event on JDK 24 and newer (JEP 491), and exactly every line in the file, in each
 * thread's order. Java 21 API: compiled by the {@code jdk25} profile; {@code .ci/matrix virtual-threads} runs it on JDK 25.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class VirtualThreadsIT {

    private static final int THREADS = 10_000;
    private static final int LINES_PER_THREAD = 10;
    private static final int WARM_UP_THREADS = 2;
    private static final int WARM_UP_LINES = WARM_UP_THREADS * 2_000;
    private static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(120);

    @TempDir
    Path dir;

    @Test
    void tenThousandVirtualThreadsWaitForASmallRingWithoutPinningOrLoss() throws Exception {
        Path file = dir.resolve("app.log");
        PipelineStats stats;
        List<String> pinned;
        try (LoggerContext context = TestContexts.start("lossless.xml", dir);
             PinnedEvents pinning = PinnedEvents.start()) {
            Logger logger = context.getLogger("vt");
            // Initialises the classes of the logging path on platform threads, the full-ring path included (two threads
            // outrun the consumer of a 64-slot ring): a class initialiser that runs on a virtual thread pins it, even
            // on JDK 25, and the first call of each path would otherwise run them on one.
            warmUp(logger);
            List<Thread> threads = new ArrayList<>(THREADS);
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                threads.add(Thread.ofVirtual().name("vt-" + t).start(() -> {
                    for (int i = 0; i < LINES_PER_THREAD; i++) {
                        logger.info("{} {}", id, i);
                    }
                }));
            }
            awaitAll(threads);
            stats = TestContexts.appender(context, "RING", RingAsyncAppender.class).getStats();
            pinned = pinning.stop();
        }

        assertThat(stats.dropped()).as(stats.toString()).isZero();
        assertThat(stats.enqueued()).as(stats.toString()).isEqualTo(THREADS * LINES_PER_THREAD + (long) WARM_UP_LINES);
        if (Runtime.version().feature() >= 24) {
            // The JVM itself may pin a virtual thread for a moment while it loads a class for it (seen once in ten
            // runs: 426 us in Logback's Logger): reported, not counted. Inside Ringlog nothing may pin.
            pinned.stream().filter(event -> !inRinglog(event)).limit(5)
                    .forEach(event -> System.out.println("pinned outside Ringlog (reported only): " + event));
            assertThat(pinned.stream().filter(VirtualThreadsIT::inRinglog))
                    .as("virtual threads blocked while pinned to their carrier inside Ringlog").isEmpty();
        } else {
            pinned.stream().limit(5).forEach(System.out::println); // JDK 21-23 pin on monitors: reported, not asserted
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(THREADS * LINES_PER_THREAD + WARM_UP_LINES);
        assertThat(lines.subList(0, WARM_UP_LINES)).containsOnly("warm-up with arguments");
        int[] next = new int[THREADS];
        for (String line : lines.subList(WARM_UP_LINES, lines.size())) {
            int space = line.indexOf(' ');
            int id = Integer.parseInt(line.substring(0, space));
            int index = Integer.parseInt(line.substring(space + 1));
            assertThat(index).as("order of vt-" + id).isEqualTo(next[id]);
            next[id]++;
        }
        for (int t = 0; t < THREADS; t++) {
            assertThat(next[t]).as("lines of vt-" + t).isEqualTo(LINES_PER_THREAD);
        }
    }

    /** Joins every thread within the deadline; otherwise dumps all threads, virtual ones included, and fails. */
    private static void awaitAll(List<Thread> threads) throws Exception {
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        for (Thread thread : threads) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !thread.join(java.time.Duration.ofNanos(left))) {
                Path dump = Path.of("target", "virtual-threads-log4j2-dump.txt").toAbsolutePath();
                Files.deleteIfExists(dump);
                ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                        .dumpThreads(dump.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
                long alive = threads.stream().filter(Thread::isAlive).count();
                fail(alive + " of " + threads.size() + " virtual threads still logging after " + TimeUnit.NANOSECONDS.toSeconds(DEADLINE_NANOS)
                        + " s (deadlock?); thread dump in " + dump);
            }
        }
    }

    private static void warmUp(Logger logger) throws InterruptedException {
        List<Thread> threads = new ArrayList<>(WARM_UP_THREADS);
        for (int t = 0; t < WARM_UP_THREADS; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < WARM_UP_LINES / WARM_UP_THREADS; i++) {
                    logger.info("warm-up {} {}", "with", "arguments");
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /** Whether a pinned block's stack passes through Ringlog's code (this test's own frames aside). */
    private static boolean inRinglog(String pinnedEvent) {
        return pinnedEvent.lines().map(String::trim)
                .anyMatch(frame -> frame.startsWith("at io.ringlog.") && !frame.startsWith("at io.ringlog.log4j2.VirtualThreadsIT"));
    }
}
