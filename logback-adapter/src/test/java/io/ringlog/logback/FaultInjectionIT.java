package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import io.ringlog.contract.Accounting;
import io.ringlog.contract.BlockedDownstream;
import io.ringlog.contract.LevelLogger;
import io.ringlog.contract.ReportedLosses;
import io.ringlog.contract.StallScenario;
import io.ringlog.contract.TestThreads;
import io.ringlog.contract.ThrowingChildLoad;
import io.ringlog.core.PipelineStats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
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

    @TempDir
    Path dir;

    private static List<String> lines(Path file) throws IOException {
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }

    private static long millisSince(long begin) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
    }

    private static LevelLogger levelLogger(Logger log) {
        return (level, message, args) -> log.atLevel(org.slf4j.event.Level.valueOf(level.name())).log(message, args);
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
        try (LogbackFixture logback = new LogbackFixture("fault-throwing").property("logFile", file).configure("fault-throwing")) {
            RingAsyncAppender ring = logback.ring();
            FaultyAppender faulty = logback.child("FAULTY");
            ThrowingChildLoad.run(logback.logger("app")::info);
            ring.stop();

            int errors = ThrowingChildLoad.ERRORS;
            int runtime = ThrowingChildLoad.RUNTIME;
            PipelineStats stats = ring.getStats();
            assertThat(faulty.faults().errorsThrown()).isEqualTo(errors);
            assertThat(faulty.faults().runtimeThrown()).isEqualTo(runtime);
            assertThat(stats.failed()).as("each event a child threw on, counted once").isEqualTo(errors + runtime);
            assertThat(stats.delivered()).isEqualTo(ThrowingChildLoad.LOGGED - errors - runtime);
            assertThat(stats.dropped()).isZero();
            assertThat(stats.queueSize()).isZero();
            Accounting.assertAccounted(stats, ThrowingChildLoad.LOGGED);

            await().atMost(WAIT).until(() -> ReportedLosses.failures(ringMessages(logback), "RING") >= stats.failed()); // see below
            List<String> messages = ringMessages(logback);
            assertThat(ReportedLosses.failures(messages, "RING")).as("failures reported through the status manager: %s", messages)
                    .isEqualTo(errors + runtime);
            Optional<Status> first = logback.statuses().stream()
                    .filter(s -> s.getLevel() == Status.ERROR && s.getMessage().contains("a downstream appender threw")).findFirst();
            assertThat(first).isPresent();
            assertThat(first.get().getThrowable()).isInstanceOf(ChildAppenderFailure.class).hasMessageContaining("Appender [FAULTY]");

            List<String> lines = lines(file);
            ThrowingChildLoad.assertSiblingGotEveryEvent(lines);
            System.out.printf("[figures] logback fault-throwing: logged=%d failed=%d (runtime %d, errors %d) delivered=%d file=%d%n",
                    ThrowingChildLoad.LOGGED, stats.failed(), runtime, errors, stats.delivered(), lines.size());
        }
    }

    @ParameterizedTest
    @EnumSource(StallScenario.Policy.class)
    void aStallingChildHoldsCallersOnlyAsLongAsThePolicyAllows(StallScenario.Policy policy) throws Exception {
        Path file = dir.resolve("stall-" + policy + ".log");
        try (LogbackFixture logback = new LogbackFixture("fault-stall-" + policy).property("logFile", file)
                .property("policy", policy.fullQueuePolicy).property("maxBlockTime", policy.maxBlockTime)
                .property("maxFlushTime", 5000).property("stallMillis", StallScenario.STALL_MILLIS).configure("fault-stalling")) {
            RingAsyncAppender ring = logback.ring();
            FaultyAppender faulty = logback.child("FAULTY");
            Logger log = logback.logger("app");
            StallScenario scenario = StallScenario.run(policy, levelLogger(log), faulty.faults(), ring::getStats);
            ring.stop();

            PipelineStats stats = ring.getStats();
            // The summary of the drops (as of the failures, above) is written by whichever thread completes the stop: when
            // the consumer ends first and completes it, stop() returns before that thread has written it.
            await().atMost(WAIT).until(() -> ReportedLosses.dropped(ringMessages(logback), "RING") >= stats.dropped());
            scenario.assertAccountedFor(stats, ringMessages(logback), "RING", lines(file));
            System.out.println(scenario.figures("logback", stats));
        }
    }

    @ParameterizedTest
    @EnumSource(value = StallScenario.Policy.class, names = {"BLOCK", "DROP_BELOW_WARN", "DROP_ALL"})
    void aChildBlockedForeverCostsStopOnlyMaxFlushTimeAndTheLossIsReportedExactly(StallScenario.Policy scenario) throws Exception {
        Path file = dir.resolve("blocked-" + scenario + ".log");
        try (LogbackFixture logback = new LogbackFixture("fault-blocked-" + scenario).property("logFile", file)
                .property("policy", scenario.fullQueuePolicy).property("maxBlockTime", -1)
                .property("maxFlushTime", 500).property("stallMillis", 0).configure("fault-stalling")) {
            RingAsyncAppender ring = logback.ring();
            FaultyAppender faulty = logback.child("FAULTY");
            Logger log = logback.logger("app");
            try {
                BlockedDownstream blocked = BlockedDownstream.fill(scenario, levelLogger(log), faulty.faults());
                long begin = System.nanoTime();
                ring.stop();
                long stopMillis = millisSince(begin);
                assertThat(stopMillis).as("stop() returns at maxFlushTime").isBetween(490L, 3_000L);
                blocked.joinLateCallers();

                assertThat(logback.messages(Status.ERROR)).anyMatch(m -> m.contains("'RING' could not deliver 63 events within its drain "
                        + "timeout of 500 ms; they are lost, and one more is still inside a downstream appender that has not returned"));
                PipelineStats stats = ring.getStats();
                assertThat(stats.enqueued()).isEqualTo(64);
                assertThat(stats.dropped()).as("both late events, whether they waited or not").isEqualTo(2);
                assertThat(stats.delivered() + stats.failed()).isZero();
                Accounting.assertAccounted(stats, BlockedDownstream.LOGGED);
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
            Accounting.assertAccounted(ring.getStats(), BlockedDownstream.LOGGED);
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
                    waiting.add(TestThreads.startThread("waiting-" + i, () -> log.warn("waiting {}", id)));
                }
                for (Thread thread : waiting) {
                    TestThreads.awaitParked(thread);
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
