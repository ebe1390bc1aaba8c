package io.ringlog.contract;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The registry through which each adapter's test appenders (gated, failing, re-entrant) report what they
 * received, by appender name, so that the framework-agnostic contract can inspect and steer them.
 */
public final class TestSinks {
    private static final ConcurrentMap<String, TestSink> SINKS = new ConcurrentHashMap<>();

    private TestSinks() {
    }

    /** The sink for the appender called {@code name}, created on first use. */
    public static TestSink get(String name) {
        return SINKS.computeIfAbsent(name, ignored -> new TestSink());
    }

    /** Forgets every sink; called before each contract test. */
    public static void reset() {
        SINKS.values().forEach(TestSink::open);
        SINKS.clear();
    }
}
