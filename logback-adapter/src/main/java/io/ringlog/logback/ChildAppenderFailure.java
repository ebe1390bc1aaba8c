package io.ringlog.logback;

/**
 * Thrown by {@link ChildDelivery} after an event was offered to every child, when at least one child threw:
 * it names the first failing child, carries its exception as the cause and the others as suppressed. A child that
 * had stopped counts as failing ({@link #stopped}). The core counts the event as failed and reports this exception.
 */
final class ChildAppenderFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ChildAppenderFailure(String appender, String logger, Throwable cause) {
        super("Appender [" + appender + "] threw " + cause + " while appending an event of logger [" + logger
                + "]; the other appenders still received it", cause);
    }

    /** The cause recorded for a child that had stopped: Logback would drop the event there without a word. */
    static IllegalStateException stopped(String appender) {
        return new IllegalStateException("appender [" + appender + "] had stopped, so the event was not written to it");
    }
}
