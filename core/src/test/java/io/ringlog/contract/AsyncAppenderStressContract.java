package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A million events from eight producers through each adapter, configured from real XML, into a real file; every
 * line of the file is checked whole. Sized for 2 cores (seconds per test) and time-boxed. Subclass once per
 * adapter and supply its {@link ContractHarness}.
 */
@Tag("stress")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
public abstract class AsyncAppenderStressContract extends ContractTestBase {
    private static final int PRODUCERS = 8;
    private static final long PER_PRODUCER = 125_000;
    private static final long LOGGED = PRODUCERS * PER_PRODUCER;

    @Test
    void blockWritesAMillionEventsFromEightProducersIntoTheFileWholeAndInOrder() throws Exception {
        harness.configure(Scenario.FILE, Scenario.settings(file, 1024, "BLOCK"));
        StressLoad.run(harness, PRODUCERS, PER_PRODUCER);
        PipelineStats beforeShutdown = harness.stats();
        harness.shutdown();

        FileAudit audit = FileAudit.of(file, PRODUCERS, true);
        assertThat(audit.defects()).as(audit.toString()).isEmpty();
        assertThat(audit.lines()).isEqualTo(LOGGED);
        assertThat(audit.nextIndexPerProducer()).containsOnly(PER_PRODUCER);
        assertThat(audit.perLevel()).isEqualTo(StressLoad.loggedPerLevel(PRODUCERS, PER_PRODUCER));
        assertThat(beforeShutdown.dropped()).isZero();
        assertThat(beforeShutdown.received()).isEqualTo(LOGGED);
        PipelineStats stats = harness.stats();
        assertThat(stats.delivered()).as(stats.toString()).isEqualTo(LOGGED);
        assertThat(stats.failed()).isZero();
    }

    /**
     * The same load against a downstream that costs 2 µs an event, so the 256-slot queue is full most of the
     * time: the file and the counters must agree event for event.
     */
    @ParameterizedTest
    @ValueSource(strings = {"DROP_BELOW_WARN", "DROP_ALL"})
    void aDroppingPolicyAccountsForEveryEventOfTheLevelMixAgainstASlowSink(String policy) throws Exception {
        harness.configure(Scenario.SLOW_FILE, Scenario.settings(file, 256, policy));
        StressLoad.run(harness, PRODUCERS, PER_PRODUCER);
        harness.shutdown();

        FileAudit audit = FileAudit.of(file, PRODUCERS, false);
        assertThat(audit.defects()).as(audit.toString()).isEmpty();
        PipelineStats stats = harness.stats();
        String context = policy + ": " + stats + "; file: " + audit;
        assertThat(stats.received()).as(context).isEqualTo(LOGGED);
        assertThat(stats.delivered()).as(context).isEqualTo(audit.lines()).isEqualTo(stats.enqueued());
        assertThat(stats.delivered() + stats.dropped()).as(context).isEqualTo(LOGGED);
        assertThat(stats.dropped()).as(policy + " must have dropped under this load: " + context).isPositive();
        Map<EventLevel, Long> logged = StressLoad.loggedPerLevel(PRODUCERS, PER_PRODUCER);
        for (EventLevel level : EventLevel.values()) {
            assertThat(audit.perLevel().get(level) + stats.dropped(level)).as(level + " in the file + dropped, " + context)
                    .isEqualTo(logged.get(level));
        }
        if (policy.equals("DROP_BELOW_WARN")) {
            assertThat(stats.dropped(EventLevel.WARN) + stats.dropped(EventLevel.ERROR)).as(context).isZero();
        }
        // The figures docs/reliability.md quotes.
        System.out.printf("[figures] %s stress %s: logged %d, in the file %d, dropped %d (WARN %d, ERROR %d)%n", harness.framework(), policy,
                LOGGED, audit.lines(), stats.dropped(), stats.dropped(EventLevel.WARN), stats.dropped(EventLevel.ERROR));
    }
}
