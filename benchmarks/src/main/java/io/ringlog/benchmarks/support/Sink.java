package io.ringlog.benchmarks.support;

/**
 * Where a contender's events end up. Each contender configuration defines every sink as an appender of the
 * same name and routes its output to the one chosen by the {@code SINK} variable.
 */
public enum Sink {
    /** A no-op appender that formats the message and counts it: measures the hand-off alone. */
    COUNTING(false),
    /** A file appender, {@code %d{ISO8601} %-5level [%thread] %logger{36} - %msg%n}, flushed after every event (the default). */
    FILE(true),
    /** The same file appender with immediateFlush=false: buffered writes. */
    FILE_BUFFERED(true),
    /** A sink that spends {@value #SLOW_SPIN_NANOS} ns of CPU per event, serialised: the saturated regime. */
    SLOW(false),
    /** A sink that sleeps per event, serialised: keeps callers blocked on a full queue (CPU measurement). */
    STALLED(false);

    /** The busy cost of one event in the SLOW sink. */
    public static final long SLOW_SPIN_NANOS = 1_000;
    /** The idle cost of one event in the STALLED sink (the OS rounds a park up to tens of microseconds). */
    public static final long STALLED_PARK_NANOS = 100_000;

    private final boolean file;

    Sink(boolean file) {
        this.file = file;
    }

    /** The appender name the configurations give this sink. */
    public String appenderName() {
        return name();
    }

    /** Whether delivery is counted as lines of the log file rather than by {@link SinkCounters}. */
    public boolean isFile() {
        return file;
    }
}
