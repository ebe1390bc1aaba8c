package io.ringlog.core.internal;

import io.ringlog.core.StatusReporter;

/**
 * The framework's status channel as the pipeline uses it: a channel that throws (a broken console, an
 * {@link OutOfMemoryError} while formatting) loses that one message, never the thread that reported it. The
 * consumer, the report scheduler, a caller and {@code stop()} all report through it, and none of them may be
 * ended or left half done by a report. Stateless; any thread.
 */
final class GuardedStatus implements StatusReporter {
    private final StatusReporter channel;

    GuardedStatus(StatusReporter channel) {
        this.channel = channel;
    }

    @Override
    public void info(String message) {
        try {
            channel.info(message);
        } catch (Throwable lost) {
            // Nowhere left to report it; the counters hold what the message would have said.
        }
    }

    @Override
    public void warn(String message) {
        try {
            channel.warn(message);
        } catch (Throwable lost) {
            // As above.
        }
    }

    @Override
    public void error(String message, Throwable cause) {
        try {
            channel.error(message, cause);
        } catch (Throwable lost) {
            // As above.
        }
    }
}
