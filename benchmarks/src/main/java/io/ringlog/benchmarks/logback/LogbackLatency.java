package io.ringlog.benchmarks.logback;

import io.ringlog.benchmarks.support.LatencyBenchmark;
import io.ringlog.benchmarks.support.Contender;
import io.ringlog.benchmarks.support.Sink;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** {@link LatencyBenchmark} over the Logback contenders. */
@State(Scope.Benchmark)
public class LogbackLatency extends LatencyBenchmark {

    /** The contender under test. */
    @Param
    public LogbackContender contender;

    /** Where its events go. */
    @Param({"COUNTING", "FILE_BUFFERED"})
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
