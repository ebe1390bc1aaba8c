package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import java.lang.management.ManagementFactory;
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
}
