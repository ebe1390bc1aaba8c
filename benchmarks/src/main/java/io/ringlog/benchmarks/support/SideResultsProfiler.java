package io.ringlog.benchmarks.support;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;

/**
 * Hands {@link SideResults} to JMH as secondary results of measurement iterations (warm-up values are
 * discarded), so they land in the raw JSON beside the primary score. Runs in the forked JVM.
 * Enable with {@code -prof io.ringlog.benchmarks.support.SideResultsProfiler}.
 */
public final class SideResultsProfiler implements InternalProfiler {

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        // values are produced by the benchmark itself
    }

    @Override
    public Collection<? extends Result<?>> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        Map<String, SideResults.Value> values = SideResults.drain();
        if (iterationParams.getType() != IterationType.MEASUREMENT) {
            return List.of();
        }
        List<Result<?>> results = new ArrayList<>();
        values.forEach((name, value) -> results.add(new ScalarResult(name, value.value(), value.unit(), AggregationPolicy.AVG)));
        return results;
    }

    @Override
    public String getDescription() {
        return "Ringlog side results: delivery, latency percentiles, CPU";
    }
}
