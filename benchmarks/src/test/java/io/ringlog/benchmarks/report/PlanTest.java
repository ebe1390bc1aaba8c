package io.ringlog.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.benchmarks.log4j2.Log4j2Contender;
import io.ringlog.benchmarks.logback.LogbackContender;
import org.junit.jupiter.api.Test;

/** The plans' sizes and time estimates, which the console announces and the docs quote. */
class PlanTest {

    @Test
    void quickRunsEveryContenderInTheMainRegimes() {
        int contenders = LogbackContender.values().length + Log4j2Contender.values().length;
        // throughput: 1 sink at 1 and 4 threads, 4 at 2 threads; latency: 2 rates into 1 sink; CPU: one each
        assertThat(Plan.quick().trials()).isEqualTo(contenders * (1 + 4 + 1) + contenders * 2 + contenders);
    }

    @Test
    void theEstimateCountsEveryForkWithItsOverhead() {
        Plan quick = Plan.quick();
        double perThroughputTrial = 4 * 1 + 2 * 1 + Plan.FORK_OVERHEAD_SECONDS;
        assertThat(quick.throughputSeconds(10)).isEqualTo(10 * perThroughputTrial);
        Plan full = Plan.full();
        assertThat(full.throughputSeconds(1)).isEqualTo(2 * (4 + 4 + Plan.FORK_OVERHEAD_SECONDS));
        assertThat(full.latencySeconds(1)).isEqualTo(2 * (3 * 4.0 + Plan.FORK_OVERHEAD_SECONDS));
        assertThat(full.cpuSeconds(1)).isEqualTo(2 * (4.0 + Plan.FORK_OVERHEAD_SECONDS));
    }

    @Test
    void theEstimatesAreInTheRangeTheWholeRunsTook() {
        // A quick run of 161 trials (35 of them re-run) took 22 minutes with its build (a minute or two); a full run
        // with three stages of 28 trials re-run, 116 minutes.
        assertThat(Plan.quick().estimatedMinutes() + Plan.quick().throughputSeconds(35) / 60).isBetween(19.0, 22.0);
        assertThat(Plan.full().estimatedMinutes() + Plan.full().throughputSeconds(3 * 28) / 60).isBetween(105.0, 125.0);
        assertThat(Plan.smoke().estimatedMinutes()).isBetween(1L, 4L);
    }

    @Test
    void theTimeLeftFollowsThePaceTheRunHasKept() {
        // Half the plan started, at twice the estimated time: the other half will take twice its estimate too.
        assertThat(Progress.secondsLeft(1000, 500, 1000)).isEqualTo(1000.0);
        assertThat(Progress.secondsLeft(1000, 0, 0)).isEqualTo(1000.0);
        assertThat(Progress.secondsLeft(1000, 1000, 1500)).isEqualTo(0.0);
    }
}
