package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.RinglogMBeans;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmxIT {
    private static final String FRAMEWORK = "log4j2";

    @TempDir
    Path dir;

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    @Test
    void countersArePublishedUnderTheRinglogNameWhileStarted() throws Exception {
        ObjectName name;
        ObjectName quiet;
        try (LoggerContext context = TestContexts.start("jmx.xml", dir)) {
            name = new ObjectName("io.ringlog:type=AsyncAppender,framework=log4j2,context=" + context.getName() + ",name=RING");
            quiet = new ObjectName("io.ringlog:type=AsyncAppender,framework=log4j2,context=" + context.getName() + ",name=QUIET");
            assertThat(server.isRegistered(name)).isTrue();
            assertThat(server.isRegistered(quiet)).as("jmx=\"false\"").isFalse();
            for (int i = 0; i < 3; i++) {
                context.getLogger("jmx").info("e{}", i);
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> (Long) server.getAttribute(name, "Delivered") == 3L);
            assertThat(server.getAttribute(name, "Enqueued")).isEqualTo(3L);
            assertThat(server.getAttribute(name, "Capacity")).isEqualTo(8192);
        }
        assertThat(server.isRegistered(name)).as("unregistered on stop").isFalse();
    }

    @Test
    void twoLoggerContextsWithTheSameNameEachKeepTheirOwnMBeanCountingTheirOwnEvents() throws Exception {
        ObjectName first = name("jmx-twins", "RING");
        ObjectName second = RinglogMBeans.instance(first, 2);
        LoggerContext one = sameNamedContext("jmx-twins", "jmx.xml");
        try (StatusCapture status = StatusCapture.start(); LoggerContext two = sameNamedContext("jmx-twins", "jmx.xml")) {
            assertThat(names("jmx-twins")).containsExactlyInAnyOrder(first, second);
            assertThat(status.containing("instance=")).singleElement().asString()
                    .contains("appender [RING]", "context=jmx-twins,name=RING,instance=2", "set jmxName");

            log(one, 3);
            log(two, 5);
            RinglogMBeans.awaitDelivered(first, 3);
            RinglogMBeans.awaitDelivered(second, 5);

            one.stop();
            assertThat(names("jmx-twins")).as("stopping one leaves the other").containsExactly(second);
            log(two, 2);
            RinglogMBeans.awaitDelivered(second, 7);
        } finally {
            one.stop();
        }
        assertThat(names("jmx-twins")).isEmpty();
    }

    @Test
    void aReconfigurationKeepsOneMBeanUnderThePlainNameCountingTheNewConfiguration() throws Exception {
        try (StatusCapture status = StatusCapture.start(); LoggerContext context = TestContexts.start("jmx.xml", dir)) {
            ObjectName name = name(context.getName(), "RING");
            log(context, 4);
            RinglogMBeans.awaitDelivered(name, 4);
            // Log4j2 starts the new configuration's appender before it stops the old one, in the same LoggerContext.
            context.reconfigure();

            assertThat(names(context.getName())).containsExactly(name);
            log(context, 1);
            RinglogMBeans.awaitDelivered(name, 1);
            assertThat(status.containing("instance=")).isEmpty();
        }
    }

    @Test
    void jmxNameSetsTheNameKeyAndIsDisambiguatedWhenAnotherContextHasIt() throws Exception {
        ObjectName orders = name("jmx-named", "orders");
        ObjectName second = RinglogMBeans.instance(orders, 2);
        try (StatusCapture status = StatusCapture.start();
             LoggerContext one = sameNamedContext("jmx-named", "jmx-name.xml");
             LoggerContext two = sameNamedContext("jmx-named", "jmx-name.xml")) {
            assertThat(names("jmx-named")).containsExactlyInAnyOrder(orders, second);
            assertThat(status.containing("instance=")).singleElement().asString().contains("name=orders,instance=2");
            log(one, 1);
            log(two, 2);
            RinglogMBeans.awaitDelivered(orders, 1);
            RinglogMBeans.awaitDelivered(second, 2);
        }
        assertThat(names("jmx-named")).isEmpty();
    }

    /** A LoggerContext of its own, as another application would have, but with the given name whatever others use. */
    private LoggerContext sameNamedContext(String name, String scenario) {
        System.setProperty(TestContexts.DIR_PROPERTY, dir.toString());
        LoggerContext context = new LoggerContext(name, null, TestContexts.scenario(scenario));
        context.start();
        return context;
    }

    private static ObjectName name(String context, String name) throws Exception {
        return RinglogMBeans.name(FRAMEWORK, context, name);
    }

    private static Set<ObjectName> names(String context) throws Exception {
        return RinglogMBeans.registered(FRAMEWORK, context);
    }

    private static void log(LoggerContext context, int events) {
        for (int i = 0; i < events; i++) {
            context.getLogger("jmx").info("e{}", i);
        }
    }
}
