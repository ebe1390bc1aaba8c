package io.ringlog.benchmarks.support;

/**
 * One configured contender writing to one sink, driven by the benchmarks. {@link #log(int)} may be called
 * by any number of threads until {@link #stop()}.
 */
public interface LogTarget {

    /** The benchmark's single call site: one INFO event with two parameters, formatted downstream. */
    void log(int sequence);

    /**
     * Stops the logging context, which drains the contender's queue into the sink.
     *
     * @return the events the sink received
     */
    long stop() throws Exception;
}
