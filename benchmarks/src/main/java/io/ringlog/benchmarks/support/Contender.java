package io.ringlog.benchmarks.support;

import java.nio.file.Path;

/** One appender set-up under test, as the benchmarks need it: a name, its promise, and a way to open it. */
public interface Contender {

    /** The framework and the contender, e.g. {@code logback RING_BLOCK}, for failure messages. */
    String displayName();

    /** The contender in words, for a chart read by people: {@code stock AsyncAppender, queue 256}. */
    String label();

    /** Whether every logged event must reach the sink. */
    boolean lossless();

    /** Loads the contender's configuration writing to {@code sink}; log files go into {@code directory}. */
    LogTarget open(Sink sink, Path directory) throws Exception;
}
