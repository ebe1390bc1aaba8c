package io.ringlog.benchmarks.logback;

import io.ringlog.benchmarks.support.Contender;
import io.ringlog.benchmarks.support.Sink;
import io.ringlog.benchmarks.support.ThroughputBenchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** {@link ThroughputBenchmark} over the Logback contenders. */
@State(Scope.Benchmark)
public class LogbackThroughput extends ThroughputBenchmark {

    /** The contender under test. */
    @Param
    public LogbackContender contender;

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
