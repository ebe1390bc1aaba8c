package io.ringlog.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The trust checks on synthetic trials: figures of a quiet run pass, a disturbed stage is named with its reason. */
class StageTrustTest {

    private static final int TWO_CORES = 2;

    @Test
    void aQuietRunPassesEveryCheck() {
        // The synchronous figures of docs/benchmarks.md's full run (no-op and file sinks, both frameworks, 1/2/4 threads).
        List<Results.Trial> trials = new ArrayList<>();
        trials.addAll(yardstick("logback", "COUNTING", 9.31e6, 18.01e6, 18.52e6));
        trials.addAll(yardstick("logback", "FILE", 553e3, 471e3, 536e3));
        trials.addAll(yardstick("log4j2", "COUNTING", 4.97e6, 7.17e6, 7.74e6));
        trials.addAll(yardstick("log4j2", "FILE", 630e3, 496e3, 568e3));
        trials.add(trial("logback", "ASYNC_256", "COUNTING", 1, 2.62e6, 0.12));

        assertThat(StageTrust.check(trials, TWO_CORES)).isEmpty();
    }

    @Test
    void aYardstickFarBelowWhatMoreThreadsMadeDistrustsItsStage() {
        // The quick run of issue 10: Logback SYNC at 791 k/s on one thread and 14.3 M/s on two.
        List<Results.Trial> trials = List.of(
                trial("logback", "SYNC", "COUNTING", 1, 791e3, 0.05),
                trial("logback", "SYNC", "COUNTING", 2, 14.3e6, 0.05),
                trial("logback", "ASYNC_256", "COUNTING", 1, 300e3, 0.05),
                trial("logback", "ASYNC_256", "COUNTING", 2, 4.5e6, 0.05));

        assertOnlyDistrusted(new StageTrust.Stage("logback", 1), trials,
                "791 k/s into COUNTING", "14.30 M/s at 2 threads", "at most ×2.0 of it on 2 cores");
    }

    @Test
    void moreThreadsThanCoresDoNotExcuseAYardstickBelowHalfOfTheirRate() {
        // 4 threads on 2 cores can make at most twice what one makes, not four times.
        List<Results.Trial> trials = List.of(
                trial("log4j2", "SYNC", "COUNTING", 1, 1.5e6, 0.05),
                trial("log4j2", "SYNC", "COUNTING", 4, 7e6, 0.05));

        assertThat(StageTrust.check(trials, TWO_CORES)).extracting(StageTrust.Finding::stage)
                .containsExactly(new StageTrust.Stage("log4j2", 1));
        assertThat(StageTrust.check(trials, 4)).isEmpty();
    }

    @Test
    void aYardstickThatCollapsedAtMoreThreadsDistrustsThatStage() {
        assertOnlyDistrusted(new StageTrust.Stage("logback", 2),
                List.of(trial("logback", "SYNC", "COUNTING", 1, 9e6, 0.05), trial("logback", "SYNC", "COUNTING", 2, 1.2e6, 0.05)),
                "1.20 M/s into COUNTING here but 9.00 M/s at 1 thread");
    }

    @Test
    void theNoOpSinkBelowACostlierSinkDistrustsTheStage() {
        assertOnlyDistrusted(new StageTrust.Stage("logback", 2),
                List.of(trial("logback", "SYNC", "COUNTING", 2, 300e3, 0.05), trial("logback", "SYNC", "FILE", 2, 900e3, 0.05)),
                "300 k/s into the no-op sink but 900 k/s into FILE");
    }

    @Test
    void aReferenceWhoseMeasurementsDisagreeBeyondTheNoiseDistrustsItsStageAnOtherContenderIsOnlyNoisy() {
        Results.Trial noisyReference = trial("log4j2", "ASYNC_1024", "FILE", 2, 500e3, 0.45);
        Results.Trial noisyContender = trial("log4j2", "RING_BLOCK", "COUNTING", 1, 3e6, 0.60);
        List<Results.Trial> trials = List.of(noisyReference, noisyContender, trial("log4j2", "ASYNC_1024", "COUNTING", 1, 2e6, 0.29));

        assertThat(reasonsOfTheOnlyFinding(trials, new StageTrust.Stage("log4j2", 2))).containsExactly(
                "ASYNC_1024 into FILE varied by 45% across its iterations, more than the 30% noise this report allows");
        assertThat(StageTrust.isNoisy(noisyContender)).isTrue();
        assertThat(StageTrust.isNoisy(trials.get(2))).isFalse();
    }

    @Test
    void theSpreadComparesForksWhenThereAreSeveralAndIterationsWhenThereIsOne() {
        assertThat(Results.spread(List.of(new double[] {8, 10, 12}), 10)).isEqualTo(0.4);
        // Fork medians 10.5 and 20.5 against the median of all four values, 15.5.
        assertThat(Results.spread(List.of(new double[] {10, 11}, new double[] {20, 21}), 15.5)).isEqualTo(10 / 15.5);
        assertThat(Results.spread(List.of(new double[] {10}), 10)).isZero();
    }

    /** Checks that {@code stage} is the one stage distrusted, on two cores, for one reason that says all of {@code parts}. */
    private static void assertOnlyDistrusted(StageTrust.Stage stage, List<Results.Trial> trials, String... parts) {
        assertThat(reasonsOfTheOnlyFinding(trials, stage)).singleElement().asString().contains(parts);
    }

    /** Checks that {@code stage} is the one stage distrusted, on two cores, and returns why. */
    private static List<String> reasonsOfTheOnlyFinding(List<Results.Trial> trials, StageTrust.Stage stage) {
        List<StageTrust.Finding> findings = StageTrust.check(trials, TWO_CORES);
        assertThat(findings).extracting(StageTrust.Finding::stage).containsExactly(stage);
        return findings.get(0).reasons();
    }

    private static List<Results.Trial> yardstick(String framework, String sink, double oneThread, double twoThreads, double fourThreads) {
        return List.of(trial(framework, "SYNC", sink, 1, oneThread, 0.1), trial(framework, "SYNC", sink, 2, twoThreads, 0.1),
                trial(framework, "SYNC", sink, 4, fourThreads, 0.1));
    }

    private static Results.Trial trial(String framework, String contender, String sink, int threads, double median, double spread) {
        return new Results.Trial(framework, "throughput", threads, Map.of("contender", contender, "sink", sink), median, "ops/s",
                Map.of(), 2, 1, spread);
    }
}
