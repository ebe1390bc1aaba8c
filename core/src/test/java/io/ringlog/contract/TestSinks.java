package io.ringlog.contract;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The registry through which each adapter's test appenders (gated, failing, re-entrant) report what they
 * received, by appender name, so that the framework-agnostic contract can inspect and steer them.
 */
public final class TestSinks {
    /** What the slow test appender of {@link Scenario#SLOW_FILE} spends on each event, busy. */
    public static final long SLOW_SINK_COST_NANOS = 2_000;

    private static final ConcurrentMap<String, TestSink> SINKS = new ConcurrentHashMap<>();

    private TestSinks() {
    }

    /** The sink for the appender called {@code name}, created on first use. */
    public static TestSink get(String name) {
        return SINKS.computeIfAbsent(name, ignored -> new TestSink());
    }

    /** Spends {@link #SLOW_SINK_COST_NANOS} on the calling thread without sleeping: the slow appender's work. */
    public static void payTheSlowSinksCost() {
        long until = System.nanoTime() + SLOW_SINK_COST_NANOS;
        while (System.nanoTime() - until < 0) {
            Thread.onSpinWait();
        }
    }

    /** Forgets every sink; called before each contract test. */
    public static void reset() {
        SINKS.values().forEach(TestSink::open);
        SINKS.clear();
    }
}
