package io.ringlog.benchmarks.footprint;

/** The two adapters whose rings are measured, each started from its configuration file. */
enum Adapter {
    /** {@code io.ringlog.logback.RingAsyncAppender}. */
    LOGBACK {
        @Override
        FootprintRing open(int slots) throws Exception {
            return LogbackFootprint.open(slots);
        }
    },
    /** {@code <RingAsync>}. */
    LOG4J2 {
        @Override
        FootprintRing open(int slots) throws Exception {
            return Log4j2Footprint.open(slots);
        }
    };

    /** Starts a logging context whose Ringlog appender has {@code slots} slots (a power of two). */
    abstract FootprintRing open(int slots) throws Exception;
}
