package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import io.ringlog.contract.ReportedLosses;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A downstream appender that throws (RuntimeException on every 7th event, an Error on marked events), stalls for
 * 1.5 s on one event, or blocks until the test releases it: later events still flow where the policy lets them,
 * callers wait no longer than the policy allows, stop() returns at its bound, and every event that is not in the
 * file is reported, exactly, as failed, dropped or lost.
 */
class FaultInjectionIT {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final long STALL_MILLIS = 1500;
    /**
     * "Without waiting" on a shared 2-core machine, which may pause a thread for a GC or a busy neighbour: still far
     * below the 1.5 s stall, so a caller that waited for the stall cannot pass.
     */
    private static final long PROMPT_MILLIS = 600;

    @TempDir
    Path dir;

    private static List<String> lines(Path file) throws IOException {
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }

    private static long millisSince(long begin) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
    }

    private static List<String> ringMessages(LogbackFixture logback) {
        List<String> messages = new ArrayList<>();
        for (Status status : logback.statuses()) {
            messages.add(status.getMessage());
        }
        return messages;
    }

    @Test
    void runtimeExceptionsAndErrorsAreCountedExactlyAndTheSiblingGetsEveryEvent() throws Exception {
        Path file = dir.resolve("throwing.log");
        int threads = 2;
        int perThread = 5_000;
        try (LogbackFixture logback = new LogbackFixture("fault-throwing").property("logFile", file).configure("fault-throwing")) {
            RingAsyncAppender ring = logback.ring();
            FaultyAppender faulty = logback.child("FAULTY");
            Logger log = logback.logger("app");
            List<Throwable> callerFailures = new CopyOnWriteArrayList<>();
            List<Thread> producers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                producers.add(StatsAssertions.startThread("producer-" + t, () -> {
                    try {
                        for (int i = 0; i < perThread; i++) {
                            log.info(i % 500 == 499 ? "t{} {} inject-error" : "t{} {}", id, i);
                        }
                    } catch (Throwable e) {
                        callerFailures.add(e);
                    }
                }));
            }
            for (Thread producer : producers) {
                producer.join(TimeUnit.SECONDS.toMillis(30));
                assertThat(producer.isAlive()).isFalse();
            }
            assertThat(callerFailures).as("no fault reaches a caller").isEmpty();
            ring.stop();

            int logged = threads * perThread;
            int errors = threads * (perThread / 500);
            int runtime = (logged - errors) / 7;
            PipelineStats stats = ring.getStats();
            assertThat(faulty.faults().errorsThrown()).isEqualTo(errors);
            assertThat(faulty.faults().runtimeThrown()).isEqualTo(runtime);
            assertThat(stats.failed()).as("each event a child threw on, counted once").isEqualTo(errors + runtime);
            assertThat(stats.delivered()).isEqualTo(logged - errors - runtime);
            assertThat(stats.dropped()).isZero();
            assertThat(stats.queueSize()).isZero();
            StatsAssertions.assertAccounted(stats, logged);

            List<String> messages = ringMessages(logback);
            assertThat(ReportedLosses.failures(messages, "RING")).as("failures reported through the status manager: %s", messages)
                    .isEqualTo(errors + runtime);
            Optional<Status> first = logback.statuses().stream()
                    .filter(s -> s.getLevel() == Status.ERROR && s.getMessage().contains("a downstream appender threw")).findFirst();
            assertThat(first).isPresent();
            assertThat(first.get().getThrowable()).isInstanceOf(ChildAppenderFailure.class).hasMessageContaining("Appender [FAULTY]");

            // The sibling FILE got every event, including those FAULTY threw on, once, in each thread's order.
            List<String> lines = lines(file);
            assertThat(lines).hasSize(logged).doesNotHaveDuplicates();
            int[] next = new int[threads];
            for (String line : lines) {
                String[] parts = line.split(" ");
                int thread = Integer.parseInt(parts[0].substring(1));
                assertThat(Integer.parseInt(parts[1])).as("order of thread %d", thread).isEqualTo(next[thread]++);
            }
            System.out.printf("[figures] logback fault-throwing: logged=%d failed=%d (runtime %d, errors %d) delivered=%d file=%d%n",
                    logged, stats.failed(), runtime, errors, stats.delivered(), lines.size());
        }
    }

    enum Stall {
        BLOCK("BLOCK", -1), BLOCK_MAX_BLOCK_TIME("BLOCK", 200), DROP_BELOW_WARN("DROP_BELOW_WARN", -1), DROP_ALL("DROP_ALL", -1);

        final String policy;
        final long maxBlockTime;

        Stall(String policy, long maxBlockTime) {
            this.policy = policy;
            this.maxBlockTime = maxBlockTime;
        }
    }

    /** One timed logging call on its own thread. */
    private static final class TimedCall {
        final Thread thread;
        final AtomicLong tookMillis = new AtomicLong(-1);
        final AtomicBoolean stallOverWhenReturned = new AtomicBoolean();

        TimedCall(String name, Runnable call, FaultyAppender faulty) {
            thread = StatsAssertions.startThread(name, () -> {
                long begin = System.nanoTime();
                call.run();
                tookMillis.set(millisSince(begin));
                stallOverWhenReturned.set(faulty.faults().stallsEnded() > 0);
            });
        }

        long join() throws InterruptedException {
            thread.join(TimeUnit.SECONDS.toMillis(20));
            assertThat(thread.isAlive()).as("%s returned", thread.getName()).isFalse();
            return tookMillis.get();
        }
    }

    @ParameterizedTest
    @EnumSource(Stall.class)
    void aStallingChildHoldsCallersOnlyAsLongAsThePolicyAllows(Stall scenario) throws Exception {
        Path file = dir.resolve("stall-" + scenario + ".log");
        try (LogbackFixture logback = new LogbackFixture("fault-stall-" + scenario).property("logFile", file)
                .property("policy", scenario.policy).property("maxBlockTime", scenario.maxBlockTime)
                .property("maxFlushTime", 5000).property("stallMillis", STALL_MILLIS).configure("fault-stalling")) {
            RingAsyncAppender ring = logback.ring();
            FaultyAppender faulty = logback.child("FAULTY");
            Logger log = logback.logger("app");
            long logged = 0;
            List<String> expected = new ArrayList<>();

            log.info("stall");
            logged++;
            expected.add("stall");
            await().atMost(WAIT).until(() -> faulty.faults().stallsBegun() == 1);
            long stallBegan = System.nanoTime();
            // The stalled event keeps its slot: exactly 63 more fit, and they must go in without waiting.
            long fillBegin = System.nanoTime();
            for (int i = 0; i < 63; i++) {
                log.info("fill {}", i);
                expected.add("fill " + i);
            }
            logged += 63;
            assertThat(millisSince(fillBegin)).as("63 events that fit").isLessThan(PROMPT_MILLIS);
            assertThat(ring.getStats().enqueued()).isEqualTo(64);

            long overflowDropped;
            switch (scenario) {
                case DROP_ALL: {
                    // Never waits: 200 INFO, a WARN and an ERROR all return while the sink is still stalled.
                    List<Long> latencies = new ArrayList<>();
                    for (int i = 0; i < 202; i++) {
                        long begin = System.nanoTime();
                        Level level = i == 200 ? Level.WARN : i == 201 ? Level.ERROR : Level.INFO;
                        log.atLevel(org.slf4j.event.Level.valueOf(level.levelStr)).log("overflow {}", i);
                        latencies.add(millisSince(begin));
                    }
                    logged += 202;
                    assertThat(faulty.faults().stallsEnded()).as("every call returned while the sink was stalled").isZero();
                    assertThat(latencies.stream().mapToLong(Long::longValue).max().getAsLong()).isLessThan(PROMPT_MILLIS);
                    overflowDropped = 202;
                    assertThat(ring.getStats().dropped(EventLevel.WARN) + ring.getStats().dropped(EventLevel.ERROR)).isEqualTo(2);
                    break;
                }
                case DROP_BELOW_WARN: {
                    long begin = System.nanoTime();
                    for (int i = 0; i < 200; i++) {
                        log.info("overflow {}", i);
                    }
                    logged += 200;
                    assertThat(millisSince(begin)).as("200 INFO dropped without waiting").isLessThan(PROMPT_MILLIS);
                    assertThat(faulty.faults().stallsEnded()).isZero();
                    TimedCall warn = new TimedCall("warn-caller", () -> log.warn("overflow warn"), faulty);
                    long took = warn.join();
                    logged++;
                    expected.add("overflow warn");
                    assertThat(warn.stallOverWhenReturned).as("the WARN waited for the stalled sink").isTrue();
                    assertThat(took).isGreaterThan(STALL_MILLIS / 4);
                    overflowDropped = 200;
                    break;
                }
                case BLOCK_MAX_BLOCK_TIME: {
                    List<Long> latencies = new ArrayList<>();
                    for (int i = 0; i < 3; i++) {
                        long begin = System.nanoTime();
                        log.error("overflow {}", i);
                        latencies.add(millisSince(begin));
                    }
                    logged += 3;
                    assertThat(faulty.faults().stallsEnded()).as("each caller gave up after maxBlockTime, before the stall ended").isZero();
                    assertThat(latencies).allSatisfy(took -> assertThat(took).isBetween(190L, 200L + PROMPT_MILLIS * 2));
                    overflowDropped = 3;
                    break;
                }
                default: {
                    TimedCall info = new TimedCall("info-caller", () -> log.info("overflow waits"), faulty);
                    long took = info.join();
                    logged++;
                    expected.add("overflow waits");
                    assertThat(info.stallOverWhenReturned).as("BLOCK waited for the stalled sink").isTrue();
                    assertThat(took).isGreaterThan(STALL_MILLIS / 4);
                    overflowDropped = 0;
                }
            }
            assertThat(ring.getStats().dropped()).isEqualTo(overflowDropped);

            // After the stall, events flow again: those the policy accepts all reach the file.
            await().atMost(WAIT).until(() -> faulty.faults().stallsEnded() == 1);
            long stallMillis = millisSince(stallBegan);
            for (int i = 0; i < 1_000; i++) {
                log.info("after {}", i);
            }
            logged += 1_000;
            await().atMost(WAIT).until(() -> ring.getStats().queueSize() == 0);
            ring.stop();

            PipelineStats stats = ring.getStats();
            StatsAssertions.assertAccounted(stats, logged);
            assertThat(stats.failed()).isZero();
            assertThat(stats.queueSize()).isZero();
            List<String> messages = ringMessages(logback);
            assertThat(ReportedLosses.dropped(messages, "RING")).as("drops reported: %s", messages).isEqualTo(stats.dropped());
            assertThat(ReportedLosses.lostAtDrain(messages, "RING")).isZero();

            List<String> lines = lines(file);
            assertThat(lines).doesNotHaveDuplicates().hasSize((int) stats.delivered());
            assertThat(lines.subList(0, expected.size())).containsExactlyElementsOf(expected);
            long afterLines = lines.stream().filter(l -> l.startsWith("after ")).count();
            assertThat(afterLines).as("every 'after' event is in the file or counted as dropped")
                    .isEqualTo(1_000 - (stats.dropped() - overflowDropped));
            if (scenario == Stall.BLOCK || scenario == Stall.BLOCK_MAX_BLOCK_TIME) {
                assertThat(afterLines).isEqualTo(1_000);
            }
            System.out.printf("[figures] logback stall %s: stall=%d ms logged=%d delivered=%d dropped=%d (overflow %d, after %d)%n",
                    scenario, stallMillis, logged, stats.delivered(), stats.dropped(), overflowDropped, stats.dropped() - overflowDropped);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Stall.class, names = {"BLOCK", "DROP_BELOW_WARN", "DROP_ALL"})
    void aChildBlockedForeverCostsStopOnlyMaxFlushTimeAndTheLossIsReportedExactly(Stall scenario) throws Exception {
        Path file = dir.resolve("blocked-" + scenario + ".log");
        try (LogbackFixture logback = new LogbackFixture("fault-blocked-" + scenario).property("logFile", file)
                .property("policy", scenario.policy).property("maxBlockTime", -1)
                .property("maxFlushTime", 500).property("stallMillis", 0).configure("fault-stalling")) {
            RingAsyncAppender ring = logback.ring();
            FaultyAppender faulty = logback.child("FAULTY");
            Logger log = logback.logger("app");
            try {
                log.info("block");
                await().atMost(WAIT).until(() -> faulty.faults().blocked() == 1);
                for (int i = 0; i < 63; i++) {
                    log.info("queued {}", i);
                }
                TimedCall lateInfo = new TimedCall("late-info", () -> log.info("late info"), faulty);
                TimedCall lateWarn = new TimedCall("late-warn", () -> log.warn("late warn"), faulty);
                boolean infoWaits = scenario == Stall.BLOCK;
                boolean warnWaits = scenario != Stall.DROP_ALL;
                if (infoWaits) {
                    StatsAssertions.awaitParked(lateInfo.thread);
                } else {
                    assertThat(lateInfo.join()).isLessThan(PROMPT_MILLIS);
                }
                if (warnWaits) {
                    StatsAssertions.awaitParked(lateWarn.thread);
                } else {
                    assertThat(lateWarn.join()).isLessThan(PROMPT_MILLIS);
                }

                long begin = System.nanoTime();
                ring.stop();
                long stopMillis = millisSince(begin);
                assertThat(stopMillis).as("stop() returns at maxFlushTime").isBetween(490L, 3_000L);
                lateInfo.join();
                lateWarn.join();
                assertThat(lateInfo.thread.isAlive() || lateWarn.thread.isAlive()).as("waiting callers are released").isFalse();

                assertThat(logback.messages(Status.ERROR)).anyMatch(m -> m.contains("'RING' could not deliver 63 events within its drain "
                        + "timeout of 500 ms; they are lost, and one more is still inside a downstream appender that has not returned"));
                PipelineStats stats = ring.getStats();
                assertThat(stats.enqueued()).isEqualTo(64);
                assertThat(stats.dropped()).as("both late events, whether they waited or not").isEqualTo(2);
                assertThat(stats.delivered() + stats.failed()).isZero();
                StatsAssertions.assertAccounted(stats, 66);
                List<String> messages = ringMessages(logback);
                // A caller released by the abandoned drain records its drop after stop()'s own summary: a late one reports it.
                await().atMost(WAIT).untilAsserted(() -> assertThat(ReportedLosses.dropped(ringMessages(logback), "RING"))
                        .as("drops reported: %s", ringMessages(logback)).isEqualTo(2));
                assertThat(ReportedLosses.lostAtDrain(messages, "RING")).isEqualTo(63);
                // FILE comes first, so the blocked event is on disk; the 65 missing lines are exactly the 63 + 2 reported.
                assertThat(lines(file)).containsExactly("block");
                System.out.printf("[figures] logback blocked %s: stop took %d ms (maxFlushTime 500), lost=63 + in flight 1, dropped=2%n",
                        scenario, stopMillis);
            } finally {
                faulty.faults().release();
            }
            await().atMost(WAIT).until(() -> ring.getStats().delivered() == 1);
            StatsAssertions.assertAccounted(ring.getStats(), 66);
            assertThat(ring.getStats().queueSize()).isEqualTo(63);
        }
    }

    @Test
    void callersReleasedByAnAbandonedDrainHaveTheirDropsReported() throws Exception {
        Path file = dir.resolve("released.log");
        try (LogbackFixture logback = new LogbackFixture("fault-released").property("logFile", file)
                .property("policy", "BLOCK").property("maxBlockTime", -1)
                .property("maxFlushTime", 300).property("stallMillis", 0).configure("fault-stalling")) {
            RingAsyncAppender ring = logback.ring();
            FaultyAppender faulty = logback.child("FAULTY");
            Logger log = logback.logger("app");
            try {
                log.info("block");
                await().atMost(WAIT).until(() -> faulty.faults().blocked() == 1);
                for (int i = 0; i < 63; i++) {
                    log.info("queued {}", i);
                }
                List<Thread> waiting = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    int id = i;
                    waiting.add(StatsAssertions.startThread("waiting-" + i, () -> log.warn("waiting {}", id)));
                }
                for (Thread thread : waiting) {
                    StatsAssertions.awaitParked(thread);
                }
                ring.stop();
                for (Thread thread : waiting) {
                    thread.join(TimeUnit.SECONDS.toMillis(10));
                }
                assertThat(ring.getStats().dropped()).isEqualTo(8);
                // Drops made after stop() began are summarised shortly afterwards, in one late report.
                await().atMost(WAIT).untilAsserted(() -> assertThat(ReportedLosses.dropped(ringMessages(logback), "RING"))
                        .as("drops reported: %s", ringMessages(logback)).isEqualTo(8));
            } finally {
                faulty.faults().release();
            }
        }
    }
}
