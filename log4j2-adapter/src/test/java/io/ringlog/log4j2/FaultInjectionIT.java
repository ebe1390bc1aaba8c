package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.Accounting;
import io.ringlog.contract.BlockedDownstream;
import io.ringlog.contract.LevelLogger;
import io.ringlog.contract.ReportedLosses;
import io.ringlog.contract.StallScenario;
import io.ringlog.contract.ThrowingChildLoad;
import io.ringlog.contract.TimedCall;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.util.Log4jThread;
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

    @TempDir
    Path dir;

    @AfterEach
    void clearProperties() {
        System.clearProperty("ringlog.test.policy");
        System.clearProperty("ringlog.test.maxBlockTime");
        System.clearProperty("ringlog.test.shutdownTimeout");
        System.clearProperty("ringlog.test.stallMillis");
    }

    private static LevelLogger levelLogger(Logger logger) {
        return (level, message, args) -> logger.log(Level.valueOf(level.name()), message, args);
    }

    private static long millisSince(long begin) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
    }

    @Test
    void runtimeExceptionsAndErrorsAreCountedExactlyAndTheSiblingGetsEveryEvent() throws Exception {
        RingAsyncAppender ring;
        FaultyAppender faulty;
        List<String> messages;
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = TestContexts.start("fault-throwing.xml", dir);
            try {
                ring = appender(context, "RING_THROWING", RingAsyncAppender.class);
                faulty = appender(context, "FAULTY", FaultyAppender.class);
                ThrowingChildLoad.run(context.getLogger("faults")::info);
            } finally {
                context.stop();
            }
            long failed = ring.getStats().failed(); // see the stall test for why the summary is awaited
            await().atMost(WAIT).until(() -> ReportedLosses.failures(status.messages(), "RING_THROWING") >= failed);
            messages = status.messages();
        }
        int errors = ThrowingChildLoad.ERRORS;
        int runtime = ThrowingChildLoad.RUNTIME;
        PipelineStats stats = ring.getStats();
        assertThat(faulty.faults().errorsThrown()).isEqualTo(errors);
        assertThat(faulty.faults().runtimeThrown()).isEqualTo(runtime);
        assertThat(stats.failed()).as("each event a target threw on, counted once").isEqualTo(errors + runtime);
        assertThat(stats.delivered()).isEqualTo(ThrowingChildLoad.LOGGED - errors - runtime);
        assertThat(stats.dropped()).isZero();
        Accounting.assertAccounted(stats, ThrowingChildLoad.LOGGED);
        assertThat(ReportedLosses.failures(messages, "RING_THROWING")).as("failures reported through the StatusLogger")
                .isEqualTo(errors + runtime);
        assertThat(messages).anyMatch(m -> m.contains("'RING_THROWING': a downstream appender threw;"));

        List<String> lines = lines(dir.resolve("throwing.log"));
        ThrowingChildLoad.assertSiblingGotEveryEvent(lines);
        System.out.printf("[figures] log4j2 fault-throwing: logged=%d failed=%d (runtime %d, errors %d) delivered=%d file=%d%n",
                ThrowingChildLoad.LOGGED, stats.failed(), runtime, errors, stats.delivered(), lines.size());
    }

    private LoggerContext start(StallScenario.Policy policy, long shutdownTimeout, long stallMillis) {
        System.setProperty("ringlog.test.policy", policy.fullQueuePolicy);
        System.setProperty("ringlog.test.maxBlockTime", String.valueOf(policy.maxBlockTime));
        System.setProperty("ringlog.test.shutdownTimeout", String.valueOf(shutdownTimeout));
        System.setProperty("ringlog.test.stallMillis", String.valueOf(stallMillis));
        return TestContexts.start("fault-stalling.xml", dir);
    }

    @ParameterizedTest
    @EnumSource(StallScenario.Policy.class)
    void aStallingTargetHoldsCallersOnlyAsLongAsThePolicyAllows(StallScenario.Policy policy) throws Exception {
        RingAsyncAppender ring;
        StallScenario scenario;
        List<String> messages;
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = start(policy, 5_000, StallScenario.STALL_MILLIS);
            try {
                ring = appender(context, "RING_STALL", RingAsyncAppender.class);
                FaultyAppender faulty = appender(context, "FAULTY", FaultyAppender.class);
                Logger logger = context.getLogger("stall");
                scenario = StallScenario.run(policy, levelLogger(logger), faulty.faults(), ring::getStats);
            } finally {
                context.stop();
            }
            // The summary of the drops is written by whichever thread completes the stop: when the consumer ends first
            // and completes it, stop() returns before that thread has written it.
            long dropped = ring.getStats().dropped();
            await().atMost(WAIT).until(() -> ReportedLosses.dropped(status.messages(), "RING_STALL") >= dropped);
            messages = status.messages();
        }
        PipelineStats stats = ring.getStats();
        scenario.assertAccountedFor(stats, messages, "RING_STALL", lines(dir.resolve("stalling.log")));
        System.out.println(scenario.figures("log4j2", stats));
    }

    @ParameterizedTest
    @EnumSource(value = StallScenario.Policy.class, names = {"BLOCK", "DROP_BELOW_WARN", "DROP_ALL"})
    void aTargetBlockedForeverCostsTheStopOnlyShutdownTimeoutAndTheLossIsReportedExactly(StallScenario.Policy policy) throws Exception {
        LoggerContext context = start(policy, 500, 0);
        FaultyAppender faulty = appender(context, "FAULTY", FaultyAppender.class);
        try (StatusCapture status = StatusCapture.start()) {
            RingAsyncAppender ring = appender(context, "RING_STALL", RingAsyncAppender.class);
            Logger logger = context.getLogger("blocked");
            BlockedDownstream blocked = BlockedDownstream.fill(policy, levelLogger(logger), faulty.faults());

            long begin = System.nanoTime();
            context.stop();
            long stopMillis = millisSince(begin);
            assertThat(stopMillis).as("the context stops at shutdownTimeout").isBetween(490L, 3_000L);
            blocked.joinLateCallers();

            List<String> messages = status.messages();
            assertThat(status.containing("'RING_STALL' could not deliver 63 events within its drain timeout of 500 ms; they are lost, "
                    + "and one more is still inside a downstream appender that has not returned")).hasSize(1);
            PipelineStats stats = ring.getStats();
            assertThat(stats.enqueued()).isEqualTo(64);
            int waited = blocked.waited();
            assertThat(stats.dropped()).as("late events: dropped at once by the policy, or released by the drain that gave up "
                    + "and dropped then, never sent into the blocked target on their own thread").isEqualTo(2);
            assertThat(stats.deliveredDirectly()).isZero();
            Accounting.assertAccounted(stats, BlockedDownstream.LOGGED);
            assertThat(ReportedLosses.lostAtDrain(messages, "RING_STALL")).isEqualTo(63);
            assertThat(ReportedLosses.callerThreadFailures(messages, "RING_STALL")).isZero();
            assertThat(lines(dir.resolve("stalling.log"))).containsExactly("block");
            System.out.printf("[figures] log4j2 blocked %s: context stop took %d ms (shutdownTimeout 500), lost=63 + in flight 1, "
                    + "dropped=%d (of which %d callers waited until the drain gave up)%n", policy, stopMillis, stats.dropped(), waited);
        } finally {
            faulty.faults().release();
        }
    }

    @Test
    void aCallerReleasedByAnAbandonedDrainIsCountedExactlyOnce() throws Exception {
        LoggerContext context = start(StallScenario.Policy.BLOCK, 300, 0);
        FaultyAppender faulty = appender(context, "FAULTY", FaultyAppender.class);
        try {
            RingAsyncAppender ring = appender(context, "RING_STALL", RingAsyncAppender.class);
            Logger logger = context.getLogger("released");
            logger.info("block");
            await().atMost(WAIT).until(() -> faulty.faults().blocked() == 1);
            for (int i = 0; i < 63; i++) {
                logger.info("queued {}", i);
            }
            TimedCall waiting = new TimedCall("waiting", () -> logger.info("waiting caller"), faulty.faults());
            waiting.awaitParked();
            context.stop();
            waiting.join();
            assertThat(lines(dir.resolve("stalling.log"))).doesNotContain("waiting caller");
            PipelineStats stats = ring.getStats();
            assertThat(stats.received()).as("65 events logged, each counted once: %s", stats).isEqualTo(65);
            assertThat(stats.dropped()).as("the waiting caller's event was dropped and counted, not sent into the blocked "
                    + "target: %s", stats).isEqualTo(1);
            assertThat(stats.deliveredDirectly()).isZero();
        } finally {
            faulty.faults().release();
        }
    }

    /**
     * A Log4j2 background thread (here a {@link Log4jThread}, as an Async Logger's is) that logs while RingAsync is
     * draining waits for the drain, like any caller, so that the events queued before its own go first. (The drain
     * never waits for such a thread: RingAsync's consumer is a Log4jThread, which Log4j2's Async Loggers and
     * {@code <Async>} serve synchronously when their queue is full.)
     */
    @Test
    void aLog4j2ThreadLoggingDuringADrainWaitsForItAndKeepsTheOrder() throws Exception {
        LoggerContext context = start(StallScenario.Policy.BLOCK, 60_000, 0);
        FaultyAppender faulty = appender(context, "FAULTY", FaultyAppender.class);
        RingAsyncAppender ring = appender(context, "RING_STALL", RingAsyncAppender.class);
        Thread stopper = null;
        Thread background = null;
        try {
            Logger logger = context.getLogger("draining");
            logger.info("block");
            await().atMost(WAIT).until(() -> faulty.faults().blocked() == 1);
            logger.info("queued behind the blocked one");
            stopper = new Thread(() -> ring.stop(0, TimeUnit.SECONDS), "stopper");
            stopper.start();
            await().atMost(WAIT).until(ring::isStopping);

            background = new Log4jThread(() -> logger.info("from a Log4j2 thread while draining"), "log4j2-background");
            background.start();
            Thread waiting = background;
            await().atMost(WAIT).until(() -> waiting.getState() == Thread.State.BLOCKED || waiting.getState() == Thread.State.WAITING
                    || waiting.getState() == Thread.State.TIMED_WAITING);
            assertThat(lines(dir.resolve("stalling.log"))).containsExactly("block");
        } finally {
            faulty.faults().release();
            for (Thread thread : new Thread[] {stopper, background}) {
                if (thread != null) {
                    thread.join(TimeUnit.SECONDS.toMillis(20));
                    assertThat(thread.isAlive()).as(thread.getName() + " returned").isFalse();
                }
            }
            context.stop();
        }
        assertThat(lines(dir.resolve("stalling.log"))).containsExactly("block", "queued behind the blocked one",
                "from a Log4j2 thread while draining");
        assertThat(ring.getStats().deliveredDirectly()).isEqualTo(1);
        Accounting.assertAccounted(ring.getStats(), 3);
    }
}
