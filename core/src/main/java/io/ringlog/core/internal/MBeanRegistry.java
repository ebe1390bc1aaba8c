package io.ringlog.core.internal;

import io.ringlog.core.AsyncAppenderMXBean;
import io.ringlog.core.PipelineStats;
import io.ringlog.core.StatusReporter;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * Registers and unregisters the appenders' MBeans so that a newer registration under the same name wins
 * and an older appender stopping later does not remove it.
 *
 * <p>Implementation notes: {@code owners} maps each ObjectName to the handle that registered it last.
 * Registration and unregistration of one name are serialised by {@code synchronized} on this class
 * (lifecycle paths only); {@code remove(name, handle)} removes only the caller's own registration.
 */
public final class MBeanRegistry {
    private static final ConcurrentMap<ObjectName, Handle> OWNERS = new ConcurrentHashMap<>();

    private MBeanRegistry() {
    }

    /** See {@link io.ringlog.core.AsyncAppenderMBeans#register}. */
    public static synchronized AutoCloseable register(String framework, String context, String appender,
                                                      Supplier<PipelineStats> stats, StatusReporter status) {
        ObjectName name = objectName(framework, context, appender);
        Handle handle = new Handle(name);
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
            server.registerMBean(new StatsView(stats), name);
            OWNERS.put(name, handle);
        } catch (JMException | RuntimeException e) {
            status.warn("Ringlog could not register the MBean " + name + " (" + e + "); the appender runs without it");
            return () -> { };
        }
        return handle;
    }

    /** Builds the ObjectName, quoting values that JMX would otherwise reject. */
    public static ObjectName objectName(String framework, String context, String appender) {
        String text = "io.ringlog:type=AsyncAppender,framework=" + value(framework) + ",context=" + value(context)
                + ",name=" + value(appender);
        try {
            return new ObjectName(text);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("Cannot build a JMX name from " + text, e);
        }
    }

    private static String value(String raw) {
        String text = raw == null || raw.isEmpty() ? "default" : raw;
        for (int i = 0; i < text.length(); i++) {
            if (",=:\"*?\n".indexOf(text.charAt(i)) >= 0) {
                return ObjectName.quote(text);
            }
        }
        return text;
    }

    private static synchronized void unregister(Handle handle) {
        if (OWNERS.remove(handle.name, handle)) {
            try {
                ManagementFactory.getPlatformMBeanServer().unregisterMBean(handle.name);
            } catch (JMException e) {
                // Already gone: someone else unregistered it; nothing to undo.
            }
        }
    }

    private static final class Handle implements AutoCloseable {
        private final ObjectName name;

        Handle(ObjectName name) {
            this.name = name;
        }

        @Override
        public void close() {
            unregister(this);
        }
    }

    /** The MXBean over a stats supplier: read-only attributes, no operations. */
    static final class StatsView implements AsyncAppenderMXBean {
        private final Supplier<PipelineStats> stats;

        StatsView(Supplier<PipelineStats> stats) {
            this.stats = stats;
        }

        @Override
        public int getCapacity() {
            return stats.get().capacity();
        }

        @Override
        public long getQueueSize() {
            return stats.get().queueSize();
        }

        @Override
        public long getEnqueued() {
            return stats.get().enqueued();
        }

        @Override
        public long getDelivered() {
            return stats.get().delivered();
        }

        @Override
        public long getDropped() {
            return stats.get().dropped();
        }

        @Override
        public long getFailed() {
            return stats.get().failed();
        }
    }
}
