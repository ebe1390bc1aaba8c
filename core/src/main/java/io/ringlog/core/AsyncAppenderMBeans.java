package io.ringlog.core;

import io.ringlog.core.internal.MBeanRegistry;
import java.util.function.Supplier;

/**
 * Publishes an appender's counters as a read-only {@link AsyncAppenderMXBean} on the platform MBean server,
 * under {@code io.ringlog:type=AsyncAppender,framework=<framework>,context=<context>,name=<jmxName or appender>}.
 * Every live appender keeps an MBean of its own: when that name belongs to another live appender (of another
 * application whose logging context has the same name, of a copy of Ringlog in another class loader, or with the
 * same {@code jmxName}), the key {@code instance=<n>} is added, with the lowest free {@code n} from 2, and a warning
 * says so. Any thread.
 */
public final class AsyncAppenderMBeans {

    private AsyncAppenderMBeans() {
    }

    /**
     * Registers the MBean. An MBean left by an earlier appender of the same name in the same logging context is
     * replaced, under its ObjectName (a reconfiguration may start the new appender before the old one stops); one
     * registered for any other appender, context or class loader is never touched: this appender's ObjectName is
     * disambiguated instead.
     *
     * @param framework   {@code logback} or {@code log4j2}
     * @param context     the logging context object; with the appender's name it tells a reconfiguration (the same
     *                    object, by identity) from another application whose context has the same name
     * @param contextName the logging context's name, the {@code context} key
     * @param appender    the appender's name, the {@code name} key unless {@code jmxName} is given
     * @param jmxName     the configured {@code name} key, or null or empty for the appender's name
     * @param stats       the current counters
     * @param status      where a disambiguated name (WARN) and a registration failure (WARN) are reported; neither
     *                    fails the appender
     * @return closing it unregisters the MBean, unless a newer appender of the same name and context has taken it over
     */
    public static AutoCloseable register(String framework, Object context, String contextName, String appender, String jmxName,
                                         Supplier<PipelineStats> stats, StatusReporter status) {
        return MBeanRegistry.register(framework, context, contextName, appender, jmxName, stats, status);
    }

    /**
     * The ObjectName an appender's MBean is registered under while no other live appender has it, with values
     * quoted where JMX requires it; {@code appender} stands for the {@code jmxName} when one is configured.
     */
    public static String objectName(String framework, String context, String appender) {
        return MBeanRegistry.objectName(framework, context, appender).getCanonicalName();
    }
}
