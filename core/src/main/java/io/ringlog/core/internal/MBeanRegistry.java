package io.ringlog.core.internal;

import io.ringlog.core.AsyncAppenderMXBean;
import io.ringlog.core.PipelineStats;
import io.ringlog.core.StatusReporter;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * Registers and unregisters the appenders' MBeans so that every live appender keeps one of its own: a newer
 * appender of the same name in the same logging context takes over its predecessor's ObjectName (a
 * reconfiguration), and an appender whose ObjectName is held by any other appender (of another context, of a copy
 * of Ringlog in another class loader, or one with the same {@code jmxName}) is registered under the lowest free
 * {@code instance=<n>} (from 2) added to that name.
 *
 * <p>Implementation notes: {@code OWNERS} maps each name this class loader's Ringlog registered to the handle
 * that holds it. It is a plain map guarded by the class's monitor, as is every call to the MBean server here
 * (lifecycle paths only, never an appender's hot path), so a check and the registration that follows it are
 * atomic within this class loader. Another class loader's copy of this class has its own {@code OWNERS} and its
 * own monitor but shares the platform MBean server: a name not in {@code OWNERS} is taken whenever the server
 * has it, and a registration that loses a race with another loader ({@link InstanceAlreadyExistsException})
 * moves on to the next name. Only names found in {@code OWNERS} are ever unregistered, and a takeover removes
 * the predecessor's entry before touching the server, so that its later {@code close()} removes nothing. This
 * assumes that no one else unregisters Ringlog's names. A handle's {@code name} is written and read under the
 * monitor only.
 */
public final class MBeanRegistry {
    /** The key added to an ObjectName whose plain form is taken by another live appender. */
    public static final String INSTANCE_KEY = "instance";

    private static final Map<ObjectName, Handle> OWNERS = new HashMap<>();

    private MBeanRegistry() {
    }

    /** See {@link io.ringlog.core.AsyncAppenderMBeans#register}. */
    public static synchronized AutoCloseable register(String framework, Object context, String contextName, String appender,
                                                      String jmxName, Supplier<PipelineStats> stats, StatusReporter status) {
        ObjectName wanted = objectName(framework, contextName, jmxName == null || jmxName.isEmpty() ? appender : jmxName);
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Handle claimed = new Handle(context, appender);
        StatsView view = new StatsView(stats);
        ObjectName registered;
        try {
            registered = wanted;
            for (int instance = 2; !claim(server, registered, claimed, view); instance++) {
                registered = withInstance(wanted, instance);
            }
        } catch (JMException | RuntimeException e) {
            status.warn("Ringlog could not register the MBean " + wanted + " (" + e + "); the appender runs without it");
            return () -> { };
        }
        if (!registered.equals(wanted)) {
            status.warn("Ringlog registered the MBean of appender [" + appender + "] as " + registered + " because " + wanted
                    + " belongs to another live appender (of another application whose logging context has the same name, of a "
                    + "copy of Ringlog in another class loader, or with the same jmxName); set jmxName, or give the logging "
                    + "context a distinct name, to choose the name.");
        }
        return claimed;
    }

    /**
     * Registers {@code view} under {@code name} for {@code claimed} if the name is free, or held by an earlier appender
     * of the same name in the same context (which it takes over); false if any other appender holds it.
     */
    private static boolean claim(MBeanServer server, ObjectName name, Handle claimed, StatsView view) throws JMException {
        Handle holder = OWNERS.get(name);
        if (holder != null) {
            if (!holder.isPredecessorOf(claimed)) {
                return false;
            }
            OWNERS.remove(name);
            unregisterQuietly(server, name);
        } else if (server.isRegistered(name)) {
            return false;
        }
        try {
            server.registerMBean(view, name);
        } catch (InstanceAlreadyExistsException anotherClassLoader) {
            return false;
        }
        claimed.name = name;
        OWNERS.put(name, claimed);
        return true;
    }

    private static ObjectName withInstance(ObjectName name, int instance) throws MalformedObjectNameException {
        return new ObjectName(name.getDomain() + ":" + name.getKeyPropertyListString() + "," + INSTANCE_KEY + "=" + instance);
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
            unregisterQuietly(ManagementFactory.getPlatformMBeanServer(), handle.name);
        }
    }

    private static void unregisterQuietly(MBeanServer server, ObjectName name) {
        try {
            server.unregisterMBean(name);
        } catch (JMException alreadyGone) {
            // InstanceNotFoundException: nothing to undo (a Ringlog MBean has no preDeregister that could refuse).
        }
    }

    /**
     * One registration; closing it unregisters the name unless a newer appender of the same name and context took it
     * over. {@code name} is written once, under the class's monitor, before the handle is published.
     */
    private static final class Handle implements AutoCloseable {
        /** The logging context the registration belongs to; compared by identity. */
        private final Object context;
        private final String appender;
        private ObjectName name;

        Handle(Object context, String appender) {
            this.context = context;
            this.appender = appender;
        }

        /** The same appender, reconfigured: same context object, same appender name. */
        boolean isPredecessorOf(Handle newer) {
            return context == newer.context && Objects.equals(appender, newer.appender);
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

        @Override
        public long getCallersBlocked() {
            return stats.get().callersBlocked();
        }

        @Override
        public long getCallersBlockedNanos() {
            return stats.get().callersBlockedNanos();
        }
    }
}
