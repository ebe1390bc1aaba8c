package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/** Ringlog's MBeans as monitoring sees them: read from the platform MBean server by their documented names. */
public final class RinglogMBeans {
    private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();

    private RinglogMBeans() {
    }

    /** {@code io.ringlog:type=AsyncAppender,framework=..,context=..,name=..}, the name nobody else held. */
    public static ObjectName name(String framework, String context, String name) throws JMException {
        return new ObjectName("io.ringlog:type=AsyncAppender,framework=" + framework + ",context=" + context + ",name=" + name);
    }

    /** The name with {@code instance=<n>} added, as given to a later appender when the name was held. */
    public static ObjectName instance(ObjectName name, int instance) throws JMException {
        return new ObjectName(name + ",instance=" + instance);
    }

    /** Every Ringlog MBean of that framework and context, whatever its name and instance. */
    public static Set<ObjectName> registered(String framework, String context) throws JMException {
        return SERVER.queryNames(new ObjectName("io.ringlog:type=AsyncAppender,framework=" + framework + ",context=" + context + ",*"),
                null);
    }

    /** Waits until the MBean reports {@code delivered} events delivered, and checks that as many were enqueued. */
    public static void awaitDelivered(ObjectName name, long delivered) throws JMException {
        await().atMost(Duration.ofSeconds(20)).until(() -> (Long) SERVER.getAttribute(name, "Delivered") == delivered);
        assertThat(SERVER.getAttribute(name, "Enqueued")).as(name + " Enqueued").isEqualTo(delivered);
    }
}
