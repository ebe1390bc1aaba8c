package io.ringlog.spring.boot.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.status.OnPrintStreamStatusListenerBase;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import ch.qos.logback.core.status.StatusManager;
import io.ringlog.logback.RingAsyncAppender;

/**
 * Shows Ringlog's own reports at WARN and ERROR (drop summaries, delivery failures, losses at shutdown) on standard
 * error, where a Spring Boot user sees them: under Boot, nothing listens to Logback's status messages, so they would
 * reach no one. Only the core's reports ({@value #REPORT_PREFIX}...) pass, which are made once per summary interval
 * or once per incident, never per event; nothing is logged through the application's own appenders, which may be the
 * very ones dropping. Installed once per context, and not at all when a console status listener already prints
 * everything (Logback's {@code debug="true"}). Any thread: Logback calls it where the status is added.
 */
final class LogbackStatusEcho implements StatusListener {

    /** How every report of Ringlog's core about an appender begins. */
    static final String REPORT_PREFIX = "Ringlog appender '";

    /** Adds the echo to the context's status manager unless it, or a console status listener, is there already. */
    static void install(LoggerContext context) {
        StatusManager statuses = context.getStatusManager();
        for (StatusListener listener : statuses.getCopyOfStatusListenerList()) {
            if (listener instanceof LogbackStatusEcho || listener instanceof OnPrintStreamStatusListenerBase) {
                return;
            }
        }
        statuses.add(new LogbackStatusEcho());
    }

    @Override
    public void addStatusEvent(Status status) {
        if (status.getLevel() >= Status.WARN && status.getOrigin() instanceof RingAsyncAppender
                && status.getMessage() != null && status.getMessage().startsWith(REPORT_PREFIX)) {
            Throwable cause = status.getThrowable();
            System.err.println((status.getLevel() == Status.ERROR ? "ERROR " : "WARN ") + status.getMessage()
                    + (cause == null ? "" : " (" + cause + ")"));
        }
    }

    /** Kept across Logback's resets: Spring Boot resets the context when it stops or reinitialises logging. */
    @Override
    public boolean isResetResistant() {
        return true;
    }
}
