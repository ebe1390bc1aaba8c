package io.ringlog.contract;

import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.util.List;
import java.util.Map;

/**
 * Drives one logging framework for the {@link AsyncAppenderContract}: loads a scenario's real configuration
 * file, logs through the framework's own API, and reads back what its Ringlog appender ({@code ASYNC}) did.
 *
 * <p>Each adapter ships one configuration per {@link Scenario} in its test resources. Every setting of the
 * Ringlog appender and the file path come from system properties named in {@link Scenario}, so one file
 * serves every test of that scenario. The logger the contract logs to is {@value #LOGGER}: it sends to
 * {@code ASYNC} only, at every level.
 */
public interface ContractHarness extends LevelLogger, AutoCloseable {
    /** The logger every scenario routes to the Ringlog appender. */
    String LOGGER = "contract";

    /** {@code logback} or {@code log4j2}: the framework part of the MBean's name. */
    String framework();

    /** Configures a fresh logging context from the scenario's file, with these system properties set. */
    void configure(Scenario scenario, Map<String, String> properties) throws Exception;

    /** Logs through the framework's API on the calling thread; {@code args} fill {@code {}} placeholders. */
    @Override
    void log(EventLevel level, String message, Object... args);

    /** Sets a context value (MDC / ThreadContext) on the calling thread; null removes it. */
    void putContext(String key, String value);

    /** The Ringlog appender's counters. */
    PipelineStats stats();

    /** Stops only the Ringlog appender (which drains and stops its children). */
    void stopAppender();

    /** Starts the Ringlog appender again after {@link #stopAppender()}, with its children. */
    void startAppender();

    /** Stops the whole logging context, as an application shutting down its framework would. */
    void shutdown();

    /** The name of the logging context, as it appears in the MBean's name. */
    String contextName();

    /** Every warning and error the framework's status channel received since {@link #configure}. */
    List<String> statusMessages();

    /** Releases everything; must be safe after {@link #shutdown()}. */
    @Override
    void close();
}
