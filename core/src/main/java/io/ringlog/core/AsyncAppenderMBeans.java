package io.ringlog.core;

import io.ringlog.core.internal.MBeanRegistry;
import java.util.function.Supplier;

/**
 * Publishes an appender's counters as a read-only {@link AsyncAppenderMXBean} on the platform MBean server,
 * under {@code io.ringlog:type=AsyncAppender,framework=<framework>,context=<context>,name=<appender>}.
 * Any thread.
 */
public final class AsyncAppenderMBeans {

    private AsyncAppenderMBeans() {
    }

    /**
     * Registers the MBean, replacing one left under the same name by an earlier configuration (a
     * reconfiguration starts the new appender before the old one stops).
     *
     * @param framework {@code logback} or {@code log4j2}
     * @param context   the logging context's name
     * @param appender  the appender's name
     * @param stats     the current counters
     * @param status    where a registration failure is reported (it never fails the appender)
     * @return closing it unregisters the MBean, unless a newer registration has replaced it
     */
    public static AutoCloseable register(String framework, String context, String appender,
                                         Supplier<PipelineStats> stats, StatusReporter status) {
        return MBeanRegistry.register(framework, context, appender, stats, status);
    }

    /** The ObjectName an appender's MBean is registered under, with values quoted where JMX requires it. */
    public static String objectName(String framework, String context, String appender) {
        return MBeanRegistry.objectName(framework, context, appender).getCanonicalName();
    }
}
