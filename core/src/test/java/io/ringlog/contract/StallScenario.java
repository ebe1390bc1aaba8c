package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The adapters' stalled-downstream test, for a Ringlog appender with a 64-slot ring in front of a faulty downstream
 * that stalls {@value #STALL_MILLIS} ms on the message {@code stall}, then a file: callers wait no longer than the
 * policy allows while the downstream stalls, events flow again after it, and every event is in the file or counted
 * and reported as dropped.
 */
public final class StallScenario {
    public static final long STALL_MILLIS = 1500;
    /**
     * "Without waiting" on a shared 2-core machine, which may pause a thread for a GC or a busy neighbour: still far
     * below the stall, so a caller that waited for the stall cannot pass.
     */
    public static final long PROMPT_MILLIS = 600;
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int AFTER = 1_000;

    /** The full-queue policies under test, with the block bound each is configured with. */
    public enum Policy {
        BLOCK("BLOCK", -1), BLOCK_MAX_BLOCK_TIME("BLOCK", 200), DROP_BELOW_WARN("DROP_BELOW_WARN", -1), DROP_ALL("DROP_ALL", -1);

        /** The {@code fullQueuePolicy} to configure. */
        public final String fullQueuePolicy;
        /** The {@code maxBlockTime} to configure. */
        public final long maxBlockTime;

        Policy(String fullQueuePolicy, long maxBlockTime) {
            this.fullQueuePolicy = fullQueuePolicy;
            this.maxBlockTime = maxBlockTime;
        }
    }

    private final Policy policy;
    private final List<String> expected = new ArrayList<>();
    private long logged;
    private long overflowDropped;
    private long stallMillis;

    private StallScenario(Policy policy) {
        this.policy = policy;
    }

    /**
     * Logs {@code stall}, waits until the downstream stalls on it, logs 63 events that fit (promptly), overflows the ring
     * as {@code policy} is tested, waits for the stall to end, logs {@value #AFTER} more and waits until the queue is empty.
     */
    public static StallScenario run(Policy policy, LevelLogger logger, InjectedFaults faults, Supplier<PipelineStats> stats)
            throws InterruptedException {
        StallScenario scenario = new StallScenario(policy);
        scenario.log(logger, faults, stats);
        return scenario;
    }

    private void log(LevelLogger logger, InjectedFaults faults, Supplier<PipelineStats> stats) throws InterruptedException {
        logger.log(EventLevel.INFO, "stall");
        logged++;
        expected.add("stall");
        await().atMost(WAIT).until(() -> faults.stallsBegun() == 1);
        long stallBegan = System.nanoTime();
        // The stalled event keeps its slot: exactly 63 more fit, and they must go in without waiting.
        long fillBegin = System.nanoTime();
        for (int i = 0; i < 63; i++) {
            logger.log(EventLevel.INFO, "fill {}", i);
            expected.add("fill " + i);
        }
        logged += 63;
        assertThat(millisSince(fillBegin)).as("63 events that fit").isLessThan(PROMPT_MILLIS);
        assertThat(stats.get().enqueued()).isEqualTo(64);

        switch (policy) {
            case DROP_ALL: {
                // Never waits: 200 INFO, a WARN and an ERROR all return while the downstream is still stalled.
                long worst = 0;
                for (int i = 0; i < 202; i++) {
                    long begin = System.nanoTime();
                    logger.log(i == 200 ? EventLevel.WARN : i == 201 ? EventLevel.ERROR : EventLevel.INFO, "overflow {}", i);
                    worst = Math.max(worst, millisSince(begin));
                }
                logged += 202;
                assertThat(faults.stallsEnded()).as("every call returned while the downstream was stalled").isZero();
                assertThat(worst).isLessThan(PROMPT_MILLIS);
                assertThat(stats.get().dropped(EventLevel.WARN) + stats.get().dropped(EventLevel.ERROR)).isEqualTo(2);
                overflowDropped = 202;
                break;
            }
            case DROP_BELOW_WARN: {
                long begin = System.nanoTime();
                for (int i = 0; i < 200; i++) {
                    logger.log(EventLevel.INFO, "overflow {}", i);
                }
                logged += 200;
                assertThat(millisSince(begin)).as("200 INFO dropped without waiting").isLessThan(PROMPT_MILLIS);
                assertThat(faults.stallsEnded()).isZero();
                TimedCall warn = new TimedCall("warn-caller", () -> logger.log(EventLevel.WARN, "overflow warn"), faults);
                long took = warn.join();
                logged++;
                expected.add("overflow warn");
                assertThat(warn.stallOverWhenReturned()).as("the WARN waited for the stalled downstream").isTrue();
                assertThat(took).isGreaterThan(STALL_MILLIS / 4);
                overflowDropped = 200;
                break;
            }
            case BLOCK_MAX_BLOCK_TIME: {
                List<Long> latencies = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    long begin = System.nanoTime();
                    logger.log(EventLevel.ERROR, "overflow {}", i);
                    latencies.add(millisSince(begin));
                }
                logged += 3;
                assertThat(faults.stallsEnded()).as("each caller gave up after maxBlockTime, before the stall ended").isZero();
                assertThat(latencies).allSatisfy(took -> assertThat(took).isBetween(190L, 200L + PROMPT_MILLIS * 2));
                overflowDropped = 3;
                break;
            }
            default: {
                TimedCall info = new TimedCall("info-caller", () -> logger.log(EventLevel.INFO, "overflow waits"), faults);
                long took = info.join();
                logged++;
                expected.add("overflow waits");
                assertThat(info.stallOverWhenReturned()).as("BLOCK waited for the stalled downstream").isTrue();
                assertThat(took).isGreaterThan(STALL_MILLIS / 4);
                overflowDropped = 0;
            }
        }
        assertThat(stats.get().dropped()).isEqualTo(overflowDropped);

        // After the stall, events flow again: those the policy accepts all reach the file.
        await().atMost(WAIT).until(() -> faults.stallsEnded() == 1);
        stallMillis = millisSince(stallBegan);
        for (int i = 0; i < AFTER; i++) {
            logger.log(EventLevel.INFO, "after {}", i);
        }
        logged += AFTER;
        await().atMost(WAIT).until(() -> stats.get().queueSize() == 0);
    }

    /**
     * After the appender stopped: every event is delivered or counted as dropped, every drop is reported through
     * {@code messages} under {@code appender}, and the file holds exactly the delivered events, the expected ones first.
     */
    public void assertAccountedFor(PipelineStats stats, List<String> messages, String appender, List<String> lines) {
        assertThat(stats.received()).as(stats.toString()).isEqualTo(logged);
        assertThat(stats.delivered() + stats.dropped()).as(stats.toString()).isEqualTo(logged);
        assertThat(stats.failed()).isZero();
        assertThat(stats.queueSize()).isZero();
        assertThat(ReportedLosses.dropped(messages, appender)).as("drops reported: %s", messages).isEqualTo(stats.dropped());
        assertThat(ReportedLosses.lostAtDrain(messages, appender)).isZero();

        assertThat(lines).doesNotHaveDuplicates().hasSize((int) stats.delivered());
        assertThat(lines.subList(0, expected.size())).containsExactlyElementsOf(expected);
        long afterLines = lines.stream().filter(l -> l.startsWith("after ")).count();
        assertThat(afterLines).as("every 'after' event is in the file or counted as dropped")
                .isEqualTo(AFTER - (stats.dropped() - overflowDropped));
        if (policy == Policy.BLOCK || policy == Policy.BLOCK_MAX_BLOCK_TIME) {
            assertThat(afterLines).isEqualTo(AFTER);
        }
    }

    /** A line of figures for the test output. */
    public String figures(String framework, PipelineStats stats) {
        return String.format("[figures] %s stall %s: stall=%d ms logged=%d delivered=%d dropped=%d (overflow %d, after %d)",
                framework, policy, stallMillis, logged, stats.delivered(), stats.dropped(), overflowDropped, stats.dropped() - overflowDropped);
    }

    private static long millisSince(long begin) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
    }
}
