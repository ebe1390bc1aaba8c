package io.ringlog.core;

/**
 * The logging framework's own status channel (Logback's status manager, Log4j2's StatusLogger), through
 * which the pipeline reports drops, failures and shutdown losses. Called from any thread; must not log
 * through the appender that owns the pipeline.
 */
public interface StatusReporter {

    /** Reports something worth knowing that needs no action. */
    void info(String message);

    /** Reports a loss or a degraded mode that the user should know about. */
    void warn(String message);

    /** Reports a failure, with its cause when there is one ({@code cause} may be null). */
    void error(String message, Throwable cause);
}
