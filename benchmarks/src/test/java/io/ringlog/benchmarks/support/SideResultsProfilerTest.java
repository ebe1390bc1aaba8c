package io.ringlog.benchmarks.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.stream.Collectors;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.options.TimeValue;
import org.junit.jupiter.api.Test;

/**
 * The profiler after an iteration whose benchmark threw: JMH then hands it a result without a primary score, and the
 * profiler must not throw in its turn, or JMH prints the profiler's failure instead of the benchmark's (a delivery
 * check that failed in the trial's teardown).
 */
class SideResultsProfilerTest {

    @Test
    void anIterationWithoutAScoreStillGetsItsCpuFigureAndNoFailureOfItsOwn() {
        SideResultsProfiler profiler = new SideResultsProfiler();
        IterationParams measured = new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.seconds(1), 1);
        profiler.beforeIteration(null, measured);

        IterationResult failed = new IterationResult(null, measured, null); // what a thrown benchmark leaves
        Collection<? extends Result<?>> results = profiler.afterIteration(null, measured, failed);

        assertThat(results.stream().map(Result::getLabel).collect(Collectors.toList()))
                .contains(SideResultsProfiler.PROCESS_CORES)
                .doesNotContain(SideResultsProfiler.PROCESS_NANOS_PER_OP);
    }
}
