package io.ringlog.benchmarks.log4j2;

import io.ringlog.benchmarks.support.CpuBenchmark;
import io.ringlog.benchmarks.support.LogTarget;
import io.ringlog.benchmarks.support.Sink;
import java.nio.file.Path;
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
    protected LogTarget open(Sink sink, Path directory) throws Exception {
        return new Log4j2Target(contender, sink, directory);
    }

    @Override
    protected String contenderName() {
        return "log4j2 " + contender;
    }

    @Override
    protected boolean lossless() {
        return contender.lossless();
    }
}
