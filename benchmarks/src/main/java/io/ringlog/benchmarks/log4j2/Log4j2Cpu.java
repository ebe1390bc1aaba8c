package io.ringlog.benchmarks.log4j2;

import io.ringlog.benchmarks.support.Contender;
import io.ringlog.benchmarks.support.CpuBenchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** {@link CpuBenchmark} over the Log4j2 contenders. */
@State(Scope.Benchmark)
public class Log4j2Cpu extends CpuBenchmark {

    /** The contender under test. */
    @Param
    public Log4j2Contender contender;

    @Override
    protected Contender contender() {
        return contender;
    }
}
