package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.ReportedLosses;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A target that throws (RuntimeException on every 7th event, an Error on marked events; ignoreExceptions="false"),
 * stalls for 1.5 s on one event, or blocks until the test releases it: later events still flow where the policy lets
 * them, callers wait no longer than the policy allows, the context stops at shutdownTimeout, and every event missing
 * from the file is reported, exactly, as failed, dropped or lost.
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

    @AfterEach
    void clearProperties() {
        System.clearProperty("ringlog.test.policy");
        System.clearProperty("ringlog.test.maxBlockTime");
        System.clearProperty("ringlog.test.shutdownTimeout");
        System.clearProperty("ringlog.test.stallMillis");
    }

    private static long millisSince(long begin) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
    }

    @Test
    void runtimeExceptionsAndErrorsAreCountedExactlyAndTheSiblingGetsEveryEvent() throws Exception {
        int threads = 2;
        int perThread = 5_000;
        RingAsyncAppender ring;
        FaultyAppender faulty;
        List<String> messages;
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = TestContexts.start("fault-throwing.xml", dir);
            try {
                ring = appender(context, "RING_THROWING", RingAsyncAppender.class);
                faulty = appender(context, "FAULTY", FaultyAppender.class);
                Logger logger = context.getLogger("faults");
                List<Throwable> callerFailures = new CopyOnWriteArrayList<>();
                List<Thread> producers = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int id = t;
                    Thread producer = new Thread(() -> {
                        try {
                            for (int i = 0; i < perThread; i++) {
                                logger.info(i % 500 == 499 ? "t{} {} inject-error" : "t{} {}", id, i);
                            }
                        } catch (Throwable e) {
                            callerFailures.add(e);
                        }
                    }, "producer-" + t);
                    producer.start();
                    producers.add(producer);
                }
                for (Thread producer : producers) {
                    producer.join(TimeUnit.SECONDS.toMillis(30));
                    assertThat(producer.isAlive()).isFalse();
                }
                assertThat(callerFailures).as("no fault reaches a caller").isEmpty();
            } finally {
                context.stop();
            }
            messages = status.messages();
        }
        int logged = threads * perThread;
        int errors = threads * (perThread / 500);
        int runtime = (logged - errors) / 7;
        PipelineStats stats = ring.getStats();
        assertThat(faulty.faults().errorsThrown()).isEqualTo(errors);
        assertThat(faulty.faults().runtimeThrown()).isEqualTo(runtime);
        assertThat(stats.failed()).as("each event a target threw on, counted once").isEqualTo(errors + runtime);
        assertThat(stats.delivered()).isEqualTo(logged - errors - runtime);
        assertThat(stats.dropped()).isZero();
        StatsAssertions.assertAccounted(stats, logged);
        assertThat(ReportedLosses.failures(messages, "RING_THROWING")).as("failures reported through the StatusLogger")
                .isEqualTo(errors + runtime);
        assertThat(messages).anyMatch(m -> m.contains("'RING_THROWING': a downstream appender threw;"));

        List<String> lines = lines(dir.resolve("throwing.log"));
        assertThat(lines).hasSize(logged).doesNotHaveDuplicates();
        int[] next = new int[threads];
        for (String line : lines) {
            String[] parts = line.split(" ");
            int thread = Integer.parseInt(parts[0].substring(1));
            assertThat(Integer.parseInt(parts[1])).as("order of thread %d", thread).isEqualTo(next[thread]++);
        }
        System.out.printf("[figures] log4j2 fault-throwing: logged=%d failed=%d (runtime %d, errors %d) delivered=%d file=%d%n",
                logged, stats.failed(), runtime, errors, stats.delivered(), lines.size());
    }

    enum Policy {
        BLOCK("BLOCK", -1), BLOCK_MAX_BLOCK_TIME("BLOCK", 200), DROP_BELOW_WARN("DROP_BELOW_WARN", -1), DROP_ALL("DROP_ALL", -1);

        final String policy;
        final long maxBlockTime;

        Policy(String policy, long maxBlockTime) {
            this.policy = policy;
            this.maxBlockTime = maxBlockTime;
        }
    }

    private LoggerContext start(Policy policy, long shutdownTimeout, long stallMillis) {
        System.setProperty("ringlog.test.policy", policy.policy);
        System.setProperty("ringlog.test.maxBlockTime", String.valueOf(policy.maxBlockTime));
        System.setProperty("ringlog.test.shutdownTimeout", String.valueOf(shutdownTimeout));
        System.setProperty("ringlog.test.stallMillis", String.valueOf(stallMillis));
        return TestContexts.start("fault-stalling.xml", dir);
    }

    /** One timed logging call on its own thread. */
    private static final class TimedCall {
        final Thread thread;
        final AtomicLong tookMillis = new AtomicLong(-1);
        final AtomicBoolean stallOverWhenReturned = new AtomicBoolean();

        TimedCall(String name, Runnable call, FaultyAppender faulty) {
            thread = new Thread(() -> {
                long begin = System.nanoTime();
                call.run();
                tookMillis.set(millisSince(begin));
                stallOverWhenReturned.set(faulty.faults().stallsEnded() > 0);
            }, name);
            thread.start();
        }

        long join() throws InterruptedException {
            thread.join(TimeUnit.SECONDS.toMillis(20));
            assertThat(thread.isAlive()).as("%s returned", thread.getName()).isFalse();
            return tookMillis.get();
        }

        void awaitParked() {
            await().atMost(WAIT).until(() -> thread.getState() == Thread.State.WAITING || thread.getState() == Thread.State.TIMED_WAITING);
        }
    }

    @ParameterizedTest
    @EnumSource(Policy.class)
    void aStallingTargetHoldsCallersOnlyAsLongAsThePolicyAllows(Policy policy) throws Exception {
        RingAsyncAppender ring;
        long logged = 0;
        long overflowDropped;
        List<String> expected = new ArrayList<>();
        List<String> messages;
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = start(policy, 5_000, STALL_MILLIS);
            try {
                ring = appender(context, "RING_STALL", RingAsyncAppender.class);
                FaultyAppender faulty = appender(context, "FAULTY", FaultyAppender.class);
                Logger logger = context.getLogger("stall");
                logger.info("stall");
                logged++;
                expected.add("stall");
                await().atMost(WAIT).until(() -> faulty.faults().stallsBegun() == 1);
                long fillBegin = System.nanoTime();
                for (int i = 0; i < 63; i++) {
                    logger.info("fill {}", i);
                    expected.add("fill " + i);
                }
                logged += 63;
                assertThat(millisSince(fillBegin)).as("63 events that fit").isLessThan(PROMPT_MILLIS);
                assertThat(ring.getStats().enqueued()).isEqualTo(64);

                switch (policy) {
                    case DROP_ALL: {
                        long worst = 0;
                        for (int i = 0; i < 202; i++) {
                            long begin = System.nanoTime();
                            if (i == 200) {
                                logger.warn("overflow {}", i);
                            } else if (i == 201) {
                                logger.error("overflow {}", i);
                            } else {
                                logger.info("overflow {}", i);
                            }
                            worst = Math.max(worst, millisSince(begin));
                        }
                        logged += 202;
                        assertThat(faulty.faults().stallsEnded()).as("every call returned while the target was stalled").isZero();
                        assertThat(worst).isLessThan(PROMPT_MILLIS);
                        assertThat(ring.getStats().dropped(EventLevel.WARN) + ring.getStats().dropped(EventLevel.ERROR)).isEqualTo(2);
                        overflowDropped = 202;
                        break;
                    }
                    case DROP_BELOW_WARN: {
                        long begin = System.nanoTime();
                        for (int i = 0; i < 200; i++) {
                            logger.info("overflow {}", i);
                        }
                        logged += 200;
                        assertThat(millisSince(begin)).as("200 INFO dropped without waiting").isLessThan(PROMPT_MILLIS);
                        assertThat(faulty.faults().stallsEnded()).isZero();
                        TimedCall warn = new TimedCall("warn-caller", () -> logger.warn("overflow warn"), faulty);
                        long took = warn.join();
                        logged++;
                        expected.add("overflow warn");
                        assertThat(warn.stallOverWhenReturned).as("the WARN waited for the stalled target").isTrue();
                        assertThat(took).isGreaterThan(STALL_MILLIS / 4);
                        overflowDropped = 200;
                        break;
                    }
                    case BLOCK_MAX_BLOCK_TIME: {
                        List<Long> latencies = new ArrayList<>();
                        for (int i = 0; i < 3; i++) {
                            long begin = System.nanoTime();
                            logger.error("overflow {}", i);
                            latencies.add(millisSince(begin));
                        }
                        logged += 3;
                        assertThat(faulty.faults().stallsEnded()).as("each caller gave up after maxBlockTime, before the stall ended").isZero();
                        assertThat(latencies).allSatisfy(took -> assertThat(took).isBetween(190L, 200L + PROMPT_MILLIS * 2));
                        overflowDropped = 3;
                        break;
                    }
                    default: {
                        TimedCall info = new TimedCall("info-caller", () -> logger.info("overflow waits"), faulty);
                        long took = info.join();
                        logged++;
                        expected.add("overflow waits");
                        assertThat(info.stallOverWhenReturned).as("BLOCK waited for the stalled target").isTrue();
                        assertThat(took).isGreaterThan(STALL_MILLIS / 4);
                        overflowDropped = 0;
                    }
                }
                assertThat(ring.getStats().dropped()).isEqualTo(overflowDropped);
                await().atMost(WAIT).until(() -> faulty.faults().stallsEnded() == 1);
                for (int i = 0; i < 1_000; i++) {
                    logger.info("after {}", i);
                }
                logged += 1_000;
                await().atMost(WAIT).until(() -> ring.getStats().queueSize() == 0);
            } finally {
                context.stop();
            }
            messages = status.messages();
        }
        PipelineStats stats = ring.getStats();
        StatsAssertions.assertAccounted(stats, logged);
        assertThat(stats.failed()).isZero();
        assertThat(stats.queueSize()).isZero();
        assertThat(ReportedLosses.dropped(messages, "RING_STALL")).as("drops reported: %s", messages).isEqualTo(stats.dropped());
        assertThat(ReportedLosses.lostAtDrain(messages, "RING_STALL")).isZero();
        List<String> lines = lines(dir.resolve("stalling.log"));
        assertThat(lines).doesNotHaveDuplicates().hasSize((int) stats.delivered());
        assertThat(lines.subList(0, expected.size())).containsExactlyElementsOf(expected);
        long afterLines = lines.stream().filter(l -> l.startsWith("after ")).count();
        assertThat(afterLines).as("every 'after' event is in the file or counted as dropped").isEqualTo(1_000 - (stats.dropped() - overflowDropped));
        if (policy == Policy.BLOCK || policy == Policy.BLOCK_MAX_BLOCK_TIME) {
            assertThat(afterLines).isEqualTo(1_000);
        }
        System.out.printf("[figures] log4j2 stall %s: logged=%d delivered=%d dropped=%d (overflow %d, after %d)%n",
                policy, logged, stats.delivered(), stats.dropped(), overflowDropped, stats.dropped() - overflowDropped);
    }

    @ParameterizedTest
    @EnumSource(value = Policy.class, names = {"BLOCK", "DROP_BELOW_WARN", "DROP_ALL"})
    void aTargetBlockedForeverCostsTheStopOnlyShutdownTimeoutAndTheLossIsReportedExactly(Policy policy) throws Exception {
        LoggerContext context = start(policy, 500, 0);
        FaultyAppender faulty = appender(context, "FAULTY", FaultyAppender.class);
        try (StatusCapture status = StatusCapture.start()) {
            RingAsyncAppender ring = appender(context, "RING_STALL", RingAsyncAppender.class);
            Logger logger = context.getLogger("blocked");
            logger.info("block");
            await().atMost(WAIT).until(() -> faulty.faults().blocked() == 1);
            for (int i = 0; i < 63; i++) {
                logger.info("queued {}", i);
            }
            TimedCall lateInfo = new TimedCall("late-info", () -> logger.info("late info"), faulty);
            TimedCall lateWarn = new TimedCall("late-warn", () -> logger.warn("late warn"), faulty);
            boolean infoWaits = policy == Policy.BLOCK;
            boolean warnWaits = policy != Policy.DROP_ALL;
            if (infoWaits) {
                lateInfo.awaitParked();
            } else {
                assertThat(lateInfo.join()).isLessThan(PROMPT_MILLIS);
            }
            if (warnWaits) {
                lateWarn.awaitParked();
            } else {
                assertThat(lateWarn.join()).isLessThan(PROMPT_MILLIS);
            }

            long begin = System.nanoTime();
            context.stop();
            long stopMillis = millisSince(begin);
            assertThat(stopMillis).as("the context stops at shutdownTimeout").isBetween(490L, 3_000L);
            lateInfo.join();
            lateWarn.join();

            List<String> messages = status.messages();
            assertThat(status.containing("'RING_STALL' could not deliver 63 events within its drain timeout of 500 ms; they are lost, "
                    + "and one more is still inside a downstream appender that has not returned")).hasSize(1);
            PipelineStats stats = ring.getStats();
            assertThat(stats.enqueued()).isEqualTo(64);
            int waited = (infoWaits ? 1 : 0) + (warnWaits ? 1 : 0);
            assertThat(stats.dropped()).as("late events dropped at once, by the policy").isEqualTo(2 - waited);
            assertThat(stats.deliveredDirectly()).as("late events whose callers waited: delivered after the drain").isEqualTo(waited);
            StatsAssertions.assertAccounted(stats, 66);
            assertThat(ReportedLosses.lostAtDrain(messages, "RING_STALL")).isEqualTo(63);
            assertThat(ReportedLosses.callerThreadFailures(messages, "RING_STALL")).isZero();

            // A caller that was waiting when the drain gave up gets its event delivered on its own thread after the drain
            // (counted once, as delivered directly); one dropped at once is lost. The 63 queued ones are the reported loss.
            List<String> expected = new ArrayList<>(List.of("block"));
            if (infoWaits) {
                expected.add("late info");
            }
            if (warnWaits) {
                expected.add("late warn");
            }
            assertThat(lines(dir.resolve("stalling.log"))).containsExactlyInAnyOrderElementsOf(expected);
            System.out.printf("[figures] log4j2 blocked %s: context stop took %d ms (shutdownTimeout 500), lost=63 + in flight 1, "
                    + "dropped=%d, delivered on the caller's thread=%d%n", policy, stopMillis, stats.dropped(), expected.size() - 1);
        } finally {
            faulty.faults().release();
        }
    }

    @Test
    void aCallerReleasedByAnAbandonedDrainIsCountedExactlyOnce() throws Exception {
        LoggerContext context = start(Policy.BLOCK, 300, 0);
        FaultyAppender faulty = appender(context, "FAULTY", FaultyAppender.class);
        try {
            RingAsyncAppender ring = appender(context, "RING_STALL", RingAsyncAppender.class);
            Logger logger = context.getLogger("released");
            logger.info("block");
            await().atMost(WAIT).until(() -> faulty.faults().blocked() == 1);
            for (int i = 0; i < 63; i++) {
                logger.info("queued {}", i);
            }
            TimedCall waiting = new TimedCall("waiting", () -> logger.info("waiting caller"), faulty);
            waiting.awaitParked();
            context.stop();
            waiting.join();
            assertThat(lines(dir.resolve("stalling.log"))).contains("waiting caller");
            PipelineStats stats = ring.getStats();
            assertThat(stats.received()).as("65 events logged, each counted once: %s", stats).isEqualTo(65);
            assertThat(stats.dropped()).as("the waiting caller's event was written, not dropped: %s", stats).isZero();
        } finally {
            faulty.faults().release();
        }
    }
}
