package io.ringlog.core;

/**
 * The read-only JMX view of one Ringlog appender, registered as
 * {@code io.ringlog:type=AsyncAppender,framework=<logback|log4j2>,context=<context>,name=<appender>}
 * while the appender runs. It has no operation: nothing here changes behaviour.
 */
public interface AsyncAppenderMXBean {

    /** The ring's capacity in events. */
    int getCapacity();

    /** Events accepted and not yet handed on. */
    long getQueueSize();

    /** Events accepted into the ring. */
    long getEnqueued();

    /** Events handed on without an exception. */
    long getDelivered();

    /** Events dropped, whatever the reason. */
    long getDropped();

    /** Events on which a downstream appender threw. */
    long getFailed();

    /** Callers that found the ring full and waited for room (see {@link PipelineStats#callersBlocked()}). */
    long getCallersBlocked();

    /** The time those callers spent waiting, in nanoseconds, summed (see {@link PipelineStats#callersBlockedNanos()}). */
    long getCallersBlockedNanos();
}
