package io.ringlog.benchmarks.log4j2;

import java.util.Locale;

/**
 * The ways of putting Log4j2's {@code <JDBC bufferSize="500">} in front of callers, each loaded from
 * {@code jdbc-<name in lower case>.xml} beside this class. All are lossless: the trial checks that the table holds one
 * row per event logged.
 */
public enum JdbcContender {
    /** The JDBC appender on the root logger: callers fill its buffer and the one that fills it inserts it. */
    SYNC,
    /** Log4j2's stock {@code <Async bufferSize="8192">} (blocking), which marks the end of each batch as well. */
    ASYNC,
    /** Ringlog's {@code <RingAsync bufferSize="8192">} (BLOCK). */
    RINGLOG;

    /** The configuration's resource name, relative to this class. */
    public String resource() {
        return "jdbc-" + name().toLowerCase(Locale.ROOT) + ".xml";
    }
}
