package io.ringlog.logback;

/**
 * Thrown by {@link ChildDelivery} after an event was offered to every child, when at least one child threw:
 * it names the first failing child, carries its exception as the cause and the others as suppressed. The
 * core counts the event as failed and reports this exception.
 */
final class ChildAppenderFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ChildAppenderFailure(String appender, String logger, Throwable cause) {
        super("Appender [" + appender + "] threw " + cause + " while appending an event of logger [" + logger
                + "]; the other appenders still received it", cause);
    }
}
