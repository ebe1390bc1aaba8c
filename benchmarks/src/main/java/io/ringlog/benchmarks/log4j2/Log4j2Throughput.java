package io.ringlog.benchmarks.log4j2;

import io.ringlog.benchmarks.support.Contender;
import io.ringlog.benchmarks.support.Sink;
import io.ringlog.benchmarks.support.ThroughputBenchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** {@link ThroughputBenchmark} over the Log4j2 contenders. */
@State(Scope.Benchmark)
public class Log4j2Throughput extends ThroughputBenchmark {

    /** The contender under test. */
    @Param
    public Log4j2Contender contender;

    /** Where its events go. */
    @Param({"COUNTING", "FILE", "FILE_BUFFERED", "SLOW"})
    public Sink sink;

    @Override
    protected Contender contender() {
        return contender;
    }

    @Override
    protected Sink sink() {
        return sink;
    }
}
