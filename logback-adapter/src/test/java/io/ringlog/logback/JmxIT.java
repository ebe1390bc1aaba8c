package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.status.Status;
import io.ringlog.contract.RinglogMBeans;
import java.lang.management.ManagementFactory;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/** The appender's counters as an MBean, registered while it runs. */
class JmxIT {

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    @Test
    void registersTheExactObjectNameWithItsCountersAndUnregistersOnStop() throws Exception {
        ObjectName name = new ObjectName("io.ringlog:type=AsyncAppender,framework=logback,context=jmx-ctx,name=RING");
        try (LogbackFixture logback = new LogbackFixture("jmx-ctx").configure("jmx")) {
            assertThat(server.isRegistered(name)).isTrue();
            Logger log = logback.logger("app");
            for (int i = 0; i < 5; i++) {
                log.info("event {}", i);
            }
            await().until(() -> (Long) server.getAttribute(name, "Delivered") == 5L);
            assertThat(server.getAttribute(name, "Capacity")).isEqualTo(1024);
            assertThat(server.getAttribute(name, "Enqueued")).isEqualTo(5L);
            assertThat(server.getAttribute(name, "QueueSize")).isEqualTo(0L);
            assertThat(server.getAttribute(name, "Dropped")).isEqualTo(0L);
            assertThat(server.getAttribute(name, "Failed")).isEqualTo(0L);
            logback.ring().stop();
            assertThat(server.isRegistered(name)).isFalse();
        }
    }

    @Test
    void registersNothingWhenJmxIsOff() throws Exception {
        ObjectName name = new ObjectName("io.ringlog:type=AsyncAppender,framework=logback,context=jmx-off-ctx,name=RING");
        try (LogbackFixture logback = new LogbackFixture("jmx-off-ctx").configure("jmx-off")) {
            assertThat(logback.ring().isStarted()).isTrue();
            assertThat(server.isRegistered(name)).isFalse();
        }
    }

    @Test
    void twoContextsNamedDefaultEachKeepTheirOwnMBeanCountingTheirOwnEvents() throws Exception {
        ObjectName first = name("default", "RING");
        ObjectName second = RinglogMBeans.instance(first, 2);
        LogbackFixture one = new LogbackFixture("default").configure("jmx");
        try (LogbackFixture two = new LogbackFixture("default").configure("jmx")) {
            assertThat(names("default")).containsExactlyInAnyOrder(first, second);
            assertThat(one.messages(Status.WARN)).isEmpty();
            assertThat(two.messages(Status.WARN)).singleElement().asString()
                    .contains("appender [RING]", "context=default,name=RING,instance=2", "set jmxName");

            log(one, 3);
            log(two, 5);
            RinglogMBeans.awaitDelivered(first, 3);
            RinglogMBeans.awaitDelivered(second, 5);

            one.context.stop();
            assertThat(names("default")).as("stopping one leaves the other").containsExactly(second);
            log(two, 2);
            RinglogMBeans.awaitDelivered(second, 7);
        } finally {
            one.close();
        }
        assertThat(names("default")).isEmpty();
    }

    @Test
    void reconfiguringTheSameContextKeepsOneMBeanUnderThePlainName() throws Exception {
        ObjectName name = name("jmx-reload", "RING");
        try (LogbackFixture logback = new LogbackFixture("jmx-reload").configure("jmx")) {
            log(logback, 4);
            RinglogMBeans.awaitDelivered(name, 4);
            // As ReconfigureOnChangeTask: reset (stops every appender), then configure the same context again.
            logback.context.reset();
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(logback.context);
            configurator.doConfigure(JmxIT.class.getResource("jmx.xml"));

            assertThat(names("jmx-reload")).containsExactly(name);
            log(logback, 1);
            RinglogMBeans.awaitDelivered(name, 1);
            assertThat(logback.messages(Status.WARN)).isEmpty();
        }
        assertThat(names("jmx-reload")).isEmpty();
    }

    @Test
    void jmxNameSetsTheNameKeyAndIsDisambiguatedWhenAnotherContextHasIt() throws Exception {
        ObjectName orders = name("default", "orders");
        ObjectName second = RinglogMBeans.instance(orders, 2);
        try (LogbackFixture one = new LogbackFixture("default").configure("jmx-name");
             LogbackFixture two = new LogbackFixture("default").configure("jmx-name")) {
            assertThat(one.ring().getJmxName()).isEqualTo("orders");
            assertThat(names("default")).containsExactlyInAnyOrder(orders, second);
            assertThat(two.messages(Status.WARN)).singleElement().asString().contains("name=orders,instance=2");
            log(one, 1);
            log(two, 2);
            RinglogMBeans.awaitDelivered(orders, 1);
            RinglogMBeans.awaitDelivered(second, 2);
        }
        assertThat(names("default")).isEmpty();
    }

    private static ObjectName name(String context, String name) throws Exception {
        return RinglogMBeans.name(RingAsyncAppender.FRAMEWORK, context, name);
    }

    private static Set<ObjectName> names(String context) throws Exception {
        return RinglogMBeans.registered(RingAsyncAppender.FRAMEWORK, context);
    }

    private static void log(LogbackFixture logback, int events) {
        for (int i = 0; i < events; i++) {
            logback.logger("app").info("event {}", i);
        }
    }
}
