package io.ringlog.benchmarks.support;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Numbers a benchmark measures itself (delivery counts, latency percentiles, CPU) on their way to JMH's
 * result JSON: the benchmark puts them here, {@link SideResultsProfiler} takes them after the iteration.
 * Any thread; publication is rare, so a lock is fine.
 */
public final class SideResults {

    private static final Map<String, Value> PENDING = new LinkedHashMap<>();

    private SideResults() {
    }

    /** A measured value with its unit; {@code higherIsBetter} only decides how JMH aggregates it (avg either way). */
    public record Value(double value, String unit) {
    }

    /** Records a value for the current iteration, replacing one of the same name. */
    public static synchronized void put(String name, double value, String unit) {
        PENDING.put(name, new Value(value, unit));
    }

    /** Takes everything recorded since the last call. */
    static synchronized Map<String, Value> drain() {
        Map<String, Value> copy = new LinkedHashMap<>(PENDING);
        PENDING.clear();
        return copy;
    }
}
