package io.ringlog.benchmarks.logback;

import io.ringlog.benchmarks.support.Contender;
import io.ringlog.benchmarks.support.CpuBenchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** {@link CpuBenchmark} over the Logback contenders. */
@State(Scope.Benchmark)
public class LogbackCpu extends CpuBenchmark {

    /** The contender under test. */
    @Param
    public LogbackContender contender;

    @Override
    protected Contender contender() {
        return contender;
    }
}
