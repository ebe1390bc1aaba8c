package io.ringlog.benchmarks.support;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Mode;
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
 *
 * <p>It also measures the JVM's own CPU over each iteration (all its threads: callers, consumer, collector, JIT):
 * {@value #PROCESS_CORES}, CPU time over wall time, and, for a throughput score, {@value #PROCESS_NANOS_PER_OP}, CPU
 * time per operation. Where the machine's cores are all busy, throughput is the cores divided by the CPU per
 * operation, so the two tell an appender that does less work per event from one that leaves cores idle.
 */
public final class SideResultsProfiler implements InternalProfiler {
    /** The JVM's CPU time over the iteration's wall time, in cores. */
    public static final String PROCESS_CORES = "cpu.process.cores";
    /** The JVM's CPU time per operation of a throughput score, in nanoseconds. */
    public static final String PROCESS_NANOS_PER_OP = "cpu.process.ns.per.op";

    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long cpuAtStart;
    private long wallAtStart;

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        // the other values are produced by the benchmark itself
        cpuAtStart = os.getProcessCpuTime();
        wallAtStart = System.nanoTime();
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
        long cpu = os.getProcessCpuTime() - cpuAtStart;
        long wall = System.nanoTime() - wallAtStart;
        if (cpuAtStart >= 0 && cpu >= 0 && wall > 0) {
            results.add(new ScalarResult(PROCESS_CORES, (double) cpu / wall, "cores", AggregationPolicy.AVG));
            // An iteration whose benchmark threw (a delivery check failing in the trial's teardown) has no primary
            // result: asking for it would throw here and hide the benchmark's own failure from the console.
            double opsPerUnit = result.getRawPrimaryResults().isEmpty() ? 0 : result.getPrimaryResult().getScore();
            if (opsPerUnit > 0 && benchmarkParams.getMode() == Mode.Throughput) {
                double ops = opsPerUnit * wall / benchmarkParams.getTimeUnit().toNanos(1);
                results.add(new ScalarResult(PROCESS_NANOS_PER_OP, cpu / ops, "ns/op", AggregationPolicy.AVG));
            }
        }
        return results;
    }

    @Override
    public String getDescription() {
        return "Ringlog side results: delivery, latency percentiles, CPU";
    }
}
