package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.PipelineStats;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.message.AsynchronouslyFormattable;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.StringMapMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Targets that RingAsync encodes on the callers' threads ({@link EncodedTarget}): they write what synchronous logging
 * writes, from several threads and across rollovers, with every line whole and none lost; the targets that must keep
 * the ordinary path (a filter, a layout other than PatternLayout) keep it; the AppenderRef's level is honoured; and a
 * write that fails is handled and counted exactly as on the ordinary path. {@code %layoutThread}
 * ({@link LayoutThreadConverter}) shows where each layout ran.
 */
class CallerEncodingIT {
    private static final Pattern RECORD_START = Pattern.compile("(?m)^(?=\\d{4}-\\d{2}-\\d{2} )");
    private static final Pattern THREAD = Pattern.compile("^\\S+ \\S+ \\S+\\s+\\[([^]]+)]");

    @TempDir
    Path dir;

    @Test
    void writesWhatSynchronousLoggingWritesByteForByte() throws Exception {
        try (LoggerContext context = TestContexts.start("encoding-equivalence.xml", dir)) {
            Logger logger = context.getLogger("encoding.equivalence");
            for (int round = 0; round < 50; round++) { // a 64-slot ring: every slot is reused
                logEveryShape(logger, round);
            }
            // Longer than Log4j2's encoder buffers (2,048 characters, 8 KiB) and than what a thread keeps (16 KiB).
            logger.info("long {} {}", "€".repeat(7_000), "end");
            logger.info("short again");
        } finally {
            ThreadContext.clearAll();
        }

        String sync = Files.readString(dir.resolve("sync.log"), StandardCharsets.UTF_8);
        assertThat(sync).contains("[main] main encoding.equivalence", "request=r49", "[stack-49]", "boom 49",
                "Caused by: java.lang.RuntimeException: cause", "map=\"49\"", "éß€ 49", "€".repeat(7_000) + " end", "short again");
        assertThat(Files.readString(dir.resolve("ring.log"), StandardCharsets.UTF_8)).isEqualTo(sync);
    }

    @Test
    void writesEachCallersEventsAsSynchronousLoggingDoesFromSeveralThreads() throws Exception {
        int threads = 4;
        int rounds = 300;
        try (LoggerContext context = TestContexts.start("encoding-equivalence.xml", dir)) {
            Logger logger = context.getLogger("encoding.equivalence");
            runTogether("caller-", threads, caller -> {
                try {
                    for (int round = 0; round < rounds; round++) {
                        logEveryShape(logger, round);
                    }
                } finally {
                    ThreadContext.clearAll();
                }
            });
            PipelineStats stats = appender(context, "RING", RingAsyncAppender.class).getStats();
            assertThat(stats.enqueued()).isEqualTo(threads * rounds * 6L);
        }

        Map<String, List<String>> sync = recordsByThread(dir.resolve("sync.log"));
        assertThat(sync).hasSize(threads);
        assertThat(sync.values()).allSatisfy(records -> assertThat(records).hasSize(rounds * 6));
        assertThat(recordsByThread(dir.resolve("ring.log"))).isEqualTo(sync);
    }

    @Test
    void encodesOnlyForTargetsWithoutFiltersAndWithAPatternLayoutAndHonoursTheAppenderRefsLevel() throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (LoggerContext context = TestContexts.start("encoding-targets.xml", dir)) {
            System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
            Logger logger = context.getLogger("app");
            logger.info("one");
            logger.warn("two");
            logger.error("three");
            logger.debug("below the root's level");
        } finally {
            System.setOut(stdout);
        }

        String caller = Thread.currentThread().getName();
        List<String> all = List.of(caller + "|INFO|one", caller + "|WARN|two", caller + "|ERROR|three");
        assertThat(lines(dir.resolve("plain.log"))).isEqualTo(all);
        assertThat(lines(dir.resolve("random.log"))).isEqualTo(all);
        assertThat(lines(dir.resolve("levelled.log"))).containsExactly(caller + "|WARN|two", caller + "|ERROR|three");
        assertThat(lines(dir.resolve("filtered.log"))).containsExactly("ringlog-RING|WARN|two", "ringlog-RING|ERROR|three");
        assertThat(lines(dir.resolve("ref-filtered.log"))).containsExactly("ringlog-RING|WARN|two", "ringlog-RING|ERROR|three");
        assertThat(lines(dir.resolve("json.log"))).hasSize(3).allMatch(line -> line.startsWith("{") && line.contains("\"message\""));
        assertThat(console.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                caller + "|console|one", caller + "|console|two", caller + "|console|three");
    }

    @Test
    void aLoggingCallMadeWhileTheLayoutRunsOnTheCallerTakesTheOrdinaryPathAndLeavesTheOuterEventIntact() throws Exception {
        try (LoggerContext context = TestContexts.start("encoding-nested.xml", dir)) {
            context.getLogger("app").info(new LogsWhenFormatted(context.getLogger("nested")));
        }

        String caller = Thread.currentThread().getName();
        assertThat(lines(dir.resolve("plain.log"))).containsExactly(
                "ringlog-RING|INFO|formatting 1", caller + "|INFO|outer, formatted 1 time(s)");
    }

    @Test
    void rollsOverBySizeAndByTimeWithEveryLineWholeAndNoneLost() throws Exception {
        int threads = 4;
        long[] logged = new long[threads];
        try (LoggerContext context = TestContexts.start("encoding-rolling.xml", dir)) {
            Logger logger = context.getLogger("rolling");
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2_600); // at least two rollovers by time
            runTogether("rolling-", threads, caller -> {
                String padding = "x".repeat(20 + 10 * caller);
                long count = 0;
                while (System.nanoTime() < end) {
                    logger.info("T{}-{} {}", caller, count++, padding);
                    LockSupport.parkNanos(100_000); // sized for 2 cores: a few thousand lines per second per thread
                }
                logged[caller] = count;
            });
        }

        for (String target : List.of("size", "random", "time")) {
            List<Path> files;
            try (Stream<Path> listed = Files.list(dir.resolve(target))) {
                files = listed.collect(Collectors.toList());
            }
            assertThat(files).as(target + ": rolled over").hasSizeGreaterThan(2);
            List<String> lines = new ArrayList<>();
            for (Path file : files) {
                lines.addAll(lines(file));
            }
            Pattern whole = Pattern.compile("(rolling-(\\d))\\|T\\2-\\d+ x{20,50}");
            assertThat(lines).as(target + ": every line whole, written by its caller's layout")
                    .allSatisfy(line -> assertThat(line).matches(whole));
            for (int caller = 0; caller < threads; caller++) {
                String prefix = "rolling-" + caller + "|T" + caller + "-";
                String padding = " " + "x".repeat(20 + 10 * caller);
                List<String> expected = LongStream.range(0, logged[caller]).mapToObj(i -> prefix + i + padding).collect(Collectors.toList());
                assertThat(lines.stream().filter(line -> line.startsWith(prefix)).sorted().collect(Collectors.toList()))
                        .as(target + ": every line of caller " + caller + " once")
                        .isEqualTo(expected.stream().sorted().collect(Collectors.toList()));
            }
        }
    }

    @Test
    void aFailedWriteIsHandledAndCountedAsOnTheOrdinaryPath() throws Exception {
        int events = 20;
        List<String> rings = List.of("RING_STRICT", "RING_LENIENT", "RING_STRICT_CALLED", "RING_LENIENT_CALLED");
        Map<String, RingAsyncAppender> appenders = new LinkedHashMap<>();
        try (StatusCapture status = StatusCapture.start()) {
            try (LoggerContext context = TestContexts.start("encoding-failure.xml", dir)) {
                Path gone = dir.resolve("gone");
                Files.delete(gone); // the targets create their files on demand, in a directory that is now a file
                Files.writeString(gone, "not a directory");
                Logger logger = context.getLogger("app");
                for (int i = 0; i < events; i++) {
                    logger.info("event {}", i);
                }
                for (String ring : rings) {
                    appenders.put(ring, appender(context, ring, RingAsyncAppender.class));
                }
            } // the stop drained every ring
            assertThat(status.containing("An exception occurred processing Appender LENIENT"))
                    .as("the lenient target's error handler reported the failure").isNotEmpty();
            assertThat(status.containing("An exception occurred processing Appender STRICT"))
                    .as("the strict target's error handler reported the failure").isNotEmpty();
        }

        Map<String, PipelineStats> stats = new LinkedHashMap<>();
        appenders.forEach((ring, appender) -> stats.put(ring, appender.getStats()));
        assertThat(stats.get("RING_STRICT").failed()).isEqualTo(events);
        assertThat(stats.get("RING_STRICT").delivered()).isZero();
        assertThat(stats.get("RING_LENIENT").failed()).isZero();
        assertThat(stats.get("RING_LENIENT").delivered()).isEqualTo(events);
        assertThat(counters(stats.get("RING_STRICT"))).isEqualTo(counters(stats.get("RING_STRICT_CALLED")));
        assertThat(counters(stats.get("RING_LENIENT"))).isEqualTo(counters(stats.get("RING_LENIENT_CALLED")));
    }

    private static List<Long> counters(PipelineStats stats) {
        return List.of(stats.enqueued(), stats.delivered(), stats.failed(), stats.queueSize());
    }

    /** Six events of different shapes: parameters, context map and stack, exception, map message, UTF-8, a supplier. */
    private static void logEveryShape(Logger logger, int round) {
        ThreadContext.put("request", "r" + round);
        logger.info("one {} of {}", round, "fifty");
        ThreadContext.put("user", "u" + round);
        ThreadContext.push("stack-" + round);
        logger.warn("nine {} {} {} {} {} {} {} {} {}", IntStream.range(0, 9).boxed().toArray());
        ThreadContext.pop();
        ThreadContext.remove("user");
        logger.error("failed " + round, new IllegalStateException("boom " + round, new RuntimeException("cause")));
        logger.debug(new StringMapMessage().with("map", round).with("other", "x"));
        ThreadContext.remove("request");
        logger.info("éß€ {}", round);
        logger.trace(() -> "supplied " + round);
    }

    /** Records (an event's lines) per thread, in each thread's order. */
    private static Map<String, List<String>> recordsByThread(Path file) throws IOException {
        Map<String, List<String>> byThread = new LinkedHashMap<>();
        for (String record : RECORD_START.split(Files.readString(file, StandardCharsets.UTF_8))) {
            if (record.isEmpty()) {
                continue;
            }
            var thread = THREAD.matcher(record);
            assertThat(thread.find()).as("a record starts with its time, level and thread: %s", record).isTrue();
            byThread.computeIfAbsent(thread.group(1), name -> new ArrayList<>()).add(record);
        }
        return byThread;
    }

    /** Runs {@code body} on {@code threads} threads named {@code <prefix><i>}, started together, and waits for them. */
    private static void runTogether(String prefix, int threads, CallerBody body) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        for (int i = 0; i < threads; i++) {
            int caller = i;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    body.run(caller);
                } catch (Throwable failure) {
                    failures.add(failure);
                }
            }, prefix + i);
            thread.start();
            started.add(thread);
        }
        start.countDown();
        for (Thread thread : started) {
            thread.join(TimeUnit.MINUTES.toMillis(2));
            assertThat(thread.isAlive()).as(thread.getName() + " finished").isFalse();
        }
        assertThat(failures).isEmpty();
    }

    /**
     * A message that Log4j2 leaves to the layout to format (as it does a {@code MapMessage}), and that logs through
     * another logger each time it is formatted.
     */
    @AsynchronouslyFormattable
    private static final class LogsWhenFormatted implements Message {
        private static final long serialVersionUID = 1L;
        private final transient Logger nested;
        private transient int formatted;

        LogsWhenFormatted(Logger nested) {
            this.nested = nested;
        }

        @Override
        public String getFormattedMessage() {
            formatted++;
            nested.info("formatting {}", formatted);
            return "outer, formatted " + formatted + " time(s)";
        }

        @Override
        @SuppressWarnings("deprecation") // abstract in the Log4j2 2.17 API
        public String getFormat() {
            return null;
        }

        @Override
        public Object[] getParameters() {
            return null;
        }

        @Override
        public Throwable getThrowable() {
            return null;
        }
    }

    @FunctionalInterface
    private interface CallerBody {
        void run(int caller) throws Exception;
    }
}
