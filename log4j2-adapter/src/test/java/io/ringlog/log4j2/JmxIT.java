package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmxIT {

    @TempDir
    Path dir;

    @Test
    void countersArePublishedUnderTheRinglogNameWhileStarted() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
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
}
