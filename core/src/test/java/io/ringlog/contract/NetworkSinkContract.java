package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.StallScenario.Policy;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A Ringlog appender in front of the framework's stock TCP socket appender ({@link Scenario#SOCKET}), sending to a
 * {@link LoopbackListener} that the test takes down (connections reset, connecting refused), brings back, then stalls
 * (it stops reading, the sender's socket buffers fill and its write blocks), while {@link TimedProducers} log from
 * {@value TimedProducers#PRODUCERS} threads. For each full-queue policy: callers never wait longer than it allows, WARN
 * and ERROR are never dropped by DROP_BELOW_WARN, delivery resumes after the restart, the counters add up at every
 * sample, and {@code stop()} during the stall returns within its drain bound and reports what it lost.
 *
 * <p>The bounds on how long a call took are bound checks for a shared 2-core machine, not performance claims: each
 * troubled phase lasts at least {@value #TROUBLE_MILLIS} ms, longer than any bound, so a caller that waited for the sink
 * instead of its policy fails them. Subclass once per adapter and give the wire format of its socket appender.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
public abstract class NetworkSinkContract extends ContractTestBase {
    /** What the counters, the peer and its connections were at each phase of the running test, for its output. */
    private final List<String> phases = new ArrayList<>();
    /** How long the peer stays down, and stalled: longer than every bound below. */
    static final long TROUBLE_MILLIS = 2_000;
    /** "Never waits", with room for a GC or a busy neighbour on a shared 2-core machine. */
    static final long PROMPT_MILLIS = 1_000;
    /** What a caller may spend past {@code maxBlockTime} on such a machine. */
    static final long BLOCK_MARGIN_MILLIS = 1_000;
    static final long DRAIN_TIMEOUT_MILLIS = 1_000;
    /** What {@code stop()} may spend past its drain bound (it also stops the children, unregisters the MBean). */
    static final long STOP_MARGIN_MILLIS = 2_000;
    private static final int QUEUE_SIZE = 256;
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** How the adapter's socket appender writes events on the wire. */
    protected abstract WireFormat wireFormat();

    @ParameterizedTest
    @EnumSource(value = Policy.class, names = {"BLOCK_MAX_BLOCK_TIME", "DROP_BELOW_WARN", "DROP_ALL"})
    void aPeerThatRefusesComesBackAndStallsCostsCallersNoMoreThanThePolicyAllows(Policy policy) throws Exception {
        ReceivedEvents received = new ReceivedEvents();
        try (LoopbackListener peer = LoopbackListener.start(wireFormat(), received)) {
            Map<String, String> settings = Scenario.settings(file, QUEUE_SIZE, policy.fullQueuePolicy);
            settings.put(Scenario.MAX_BLOCK_TIME, Long.toString(policy.maxBlockTime));
            settings.put(Scenario.DRAIN_TIMEOUT, Long.toString(DRAIN_TIMEOUT_MILLIS));
            settings.put(Scenario.PORT_PROPERTY, Integer.toString(peer.port()));
            harness.configure(Scenario.SOCKET, settings);

            try (TimedProducers load = TimedProducers.start(harness); StatsSampler sampler = StatsSampler.start(harness::stats, load)) {
                refuseRestartAndStall(policy, received, peer, load, sampler);
            }
        }
    }

    private void refuseRestartAndStall(Policy policy, ReceivedEvents received, LoopbackListener peer, TimedProducers load, StatsSampler sampler)
            throws Exception {
        awaitOrDump("the peer receives 1,000 events", () -> received.events() >= 1_000, Duration.ZERO);

        // Down: the appender's writes fail, or it waits to reconnect and Ringlog's consumer with it.
        phase("down", received, peer);
        peer.stop();
        awaitTrouble("the peer being down", true);
        phase("down for " + TROUBLE_MILLIS + " ms", received, peer);

        // Back: events logged after the restart arrive.
        long[] loggedBeforeRestart = load.returnedPerProducer();
        peer.restart();
        awaitOrDump("an event logged after the restart arrives", () -> received.anyFrom(loggedBeforeRestart), Duration.ZERO);

        // Stalled: the write blocks and Ringlog's consumer with it, the ring fills, the policy decides.
        phase("stall", received, peer);
        peer.stall();
        awaitTrouble("the stalled peer", false);

        load.finish();
        sampler.stop();
        boolean dropsAtOnce = policy != Policy.BLOCK_MAX_BLOCK_TIME;
        if (dropsAtOnce) {
            assertAnInfoIntoTheFullRingIsDroppedAtOnce(policy);
        }
        phase("stop", received, peer);
        PipelineStats beforeStop = harness.stats();
        long begin = System.nanoTime();
        harness.stopAppender();
        long stopMillis = millisSince(begin);
        load.join();
        PipelineStats stopped = harness.stats();
        List<String> status = harness.statusMessages();
        phase("stopped", received, peer);
        System.out.printf("[phases] %s network %s: %s%n", harness.framework(), policy, String.join("\n  ", phases));

        assertThat(sampler.violations()).as("%d samples", sampler.samples()).isEmpty();
        assertThat(sampler.samples()).isGreaterThan(100);
        assertCallersWaitedAsThePolicyAllows(policy, load, beforeStop, stopped);
        assertThat(stopMillis).as("stop() during the stall returns within maxFlushTime / shutdownTimeout + margin")
                .isLessThan(DRAIN_TIMEOUT_MILLIS + STOP_MARGIN_MILLIS);
        Accounting.assertAccounted(stopped, load.returned() + (dropsAtOnce ? 1 : 0));
        long lost = ReportedLosses.lostAtDrain(status, "ASYNC");
        boolean oneInFlight = status.stream().anyMatch(m -> m.contains("'ASYNC' could not deliver") && m.contains("one more is still inside"));
        assertThat(lost).as("the events stop() left queued are reported as lost: %s %s", stopped, status).isPositive();
        // The one still inside the socket appender may yet be handed on, once stop() has stopped the children.
        assertThat(stopped.queueSize()).as("%s %s", stopped, status).isBetween(lost, lost + (oneInFlight ? 1 : 0));
        await().atMost(WAIT).untilAsserted(() -> assertThat(ReportedLosses.dropped(harness.statusMessages(), "ASYNC"))
                .as("every drop is reported").isEqualTo(stopped.dropped()));
        assertThat(received.defects()).as("each event arrives whole, once, in its producer's order: %s", received).isEmpty();
        assertThat(received.events()).isLessThanOrEqualTo(stopped.delivered());
        System.out.printf("[figures] %s network %s: logged=%d delivered=%d failed=%d dropped=%d lost at stop=%d(+%d in flight) "
                        + "received=%d connections=%d longest call below WARN=%d ms, WARN+=%d ms, stop=%d ms%n", harness.framework(), policy,
                load.returned(), stopped.delivered(), stopped.failed(), stopped.dropped(), lost, oneInFlight ? 1 : 0, received.events(),
                peer.accepted(), load.longestMillis(false), load.longestMillis(true), stopMillis);
    }

    /**
     * Under a policy that drops an INFO at once: logs one INFO from the test's thread into the ring the stalled consumer
     * left full, and checks that it returned at once and was dropped. So the ring is known to have filled even where the
     * producers logged nothing below WARN into it: under DROP_BELOW_WARN, with no block bound, each producer may reach a
     * WARN first and wait there until the stop, dropping nothing. The producers drop nothing meanwhile: they are parked
     * between two calls, or (DROP_BELOW_WARN) in a WARN's unbounded wait.
     */
    private void assertAnInfoIntoTheFullRingIsDroppedAtOnce(Policy policy) {
        long droppedBefore = harness.stats().dropped();
        long begin = System.nanoTime();
        harness.log(EventLevel.INFO, "probe of the full ring under {}", policy);
        assertThat(millisSince(begin)).as("an INFO logged into the full ring returns at once").isLessThan(PROMPT_MILLIS);
        assertThat(harness.stats().dropped()).as("an INFO logged into the full ring is dropped: %s", harness.stats())
                .isEqualTo(droppedBefore + 1);
    }

    private static void assertCallersWaitedAsThePolicyAllows(Policy policy, TimedProducers load, PipelineStats beforeStop, PipelineStats stopped) {
        switch (policy) {
            case BLOCK_MAX_BLOCK_TIME:
                assertThat(beforeStop.callersBlocked()).as("callers did wait: %s", beforeStop).isPositive();
                assertThat(Math.max(load.longestMillis(false), load.longestMillis(true))).as("no caller waits much past maxBlockTime")
                        .isLessThan(policy.maxBlockTime + BLOCK_MARGIN_MILLIS);
                break;
            case DROP_BELOW_WARN:
                // That the ring filled is the probe's check: the producers may each have reached a WARN first.
                assertThat(load.longestMillis(false)).as("no caller below WARN waits").isLessThan(PROMPT_MILLIS);
                assertThat(beforeStop.dropped(EventLevel.WARN) + beforeStop.dropped(EventLevel.ERROR))
                        .as("WARN and ERROR are never dropped: %s", beforeStop).isZero();
                // Only the WARN and ERROR callers still waiting when the appender stopped are dropped by the stop.
                assertThat(stopped.dropped(EventLevel.WARN) + stopped.dropped(EventLevel.ERROR)).isLessThanOrEqualTo(TimedProducers.PRODUCERS);
                break;
            default:
                assertThat(Math.max(load.longestMillis(false), load.longestMillis(true))).as("no caller waits").isLessThan(PROMPT_MILLIS);
                assertThat(stopped.callersBlocked()).isZero();
                assertThat(beforeStop.dropped()).as("the producers' events were dropped, not only the probe: %s", beforeStop)
                        .isGreaterThan(1);
        }
    }

    /**
     * Waits until {@code trouble} reaches Ringlog: its consumer hands nothing on for a second (blocked in the socket
     * appender), or, where {@code failuresCount}, events fail; then lets it last {@value #TROUBLE_MILLIS} ms, and fails
     * if it did not last (the consumer moved on without failing).
     */
    private void awaitTrouble(String trouble, boolean failuresCount) {
        long[] last = {-1, Long.MAX_VALUE};
        Callable<Boolean> present = () -> {
            PipelineStats now = harness.stats();
            boolean stuck = handedOn(now) == last[0];
            boolean failing = failuresCount && now.failed() > last[1];
            last[0] = handedOn(now);
            last[1] = now.failed();
            return stuck || failing;
        };
        awaitOrDump(trouble + " reaches Ringlog", present, Duration.ZERO, Duration.ofSeconds(1));
        awaitOrDump(trouble + " lasts " + TROUBLE_MILLIS + " ms", present, Duration.ofMillis(TROUBLE_MILLIS), Duration.ofSeconds(1));
    }

    private void awaitOrDump(String what, Callable<Boolean> condition, Duration atLeast) {
        awaitOrDump(what, condition, atLeast, Duration.ofMillis(100));
    }

    /**
     * Waits (at least {@code atLeast}, at most 30 s) for {@code condition}, checked every {@code interval}; on a timeout,
     * fails with the counters and a thread dump.
     */
    private void awaitOrDump(String what, Callable<Boolean> condition, Duration atLeast, Duration interval) {
        try {
            await().atMost(WAIT).pollDelay(atLeast).pollInterval(interval).until(condition);
        } catch (ConditionTimeoutException timeout) {
            StringBuilder dump = new StringBuilder();
            for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
                dump.append(info);
            }
            throw new AssertionError("Not within " + WAIT + ": " + what + "; " + harness.stats() + "\nphases: " + phases + "\n" + dump,
                    timeout);
        }
    }

    private void phase(String name, ReceivedEvents received, LoopbackListener peer) {
        phases.add(name + ": " + harness.stats() + ", received " + received.events() + ", connections " + peer.accepted());
    }

    private static long handedOn(PipelineStats stats) {
        return stats.delivered() + stats.failed();
    }

    private static long millisSince(long begin) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
    }
}
