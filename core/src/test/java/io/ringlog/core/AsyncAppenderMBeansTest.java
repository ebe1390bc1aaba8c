package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

class AsyncAppenderMBeansTest {
    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final RecordingStatus status = new RecordingStatus();

    private static PipelineStats stats(long enqueued) {
        return new PipelineStats(1024, enqueued, 7, 1, new long[] {0, 0, 3, 0, 0});
    }

    @Test
    void exposesTheCountersReadOnlyUnderTheDocumentedNameUntilClosed() throws Exception {
        ObjectName name = new ObjectName("io.ringlog:type=AsyncAppender,framework=logback,context=default,name=ASYNC");
        AutoCloseable registration = AsyncAppenderMBeans.register("logback", "default", "ASYNC", () -> stats(10), status);

        assertThat(server.isRegistered(name)).isTrue();
        assertThat(server.getAttribute(name, "Capacity")).isEqualTo(1024);
        assertThat(server.getAttribute(name, "Enqueued")).isEqualTo(10L);
        assertThat(server.getAttribute(name, "Delivered")).isEqualTo(7L);
        assertThat(server.getAttribute(name, "Failed")).isEqualTo(1L);
        assertThat(server.getAttribute(name, "Dropped")).isEqualTo(3L);
        assertThat(server.getAttribute(name, "QueueSize")).isEqualTo(2L);
        MBeanInfo info = server.getMBeanInfo(name);
        assertThat(info.getOperations()).isEmpty();
        assertThat(info.getAttributes()).allSatisfy(attribute -> assertThat(attribute.isWritable()).isFalse());

        registration.close();
        assertThat(server.isRegistered(name)).isFalse();
    }

    @Test
    void aNewerRegistrationReplacesAnOlderOneWhichThenCannotRemoveIt() throws Exception {
        ObjectName name = new ObjectName(AsyncAppenderMBeans.objectName("log4j2", "ctx", "RING"));
        AutoCloseable older = AsyncAppenderMBeans.register("log4j2", "ctx", "RING", () -> stats(1), status);
        AutoCloseable newer = AsyncAppenderMBeans.register("log4j2", "ctx", "RING", () -> stats(2), status);
        assertThat(server.getAttribute(name, "Enqueued")).isEqualTo(2L);

        older.close();
        assertThat(server.isRegistered(name)).isTrue();
        newer.close();
        assertThat(server.isRegistered(name)).isFalse();
    }

    @Test
    void quotesNamesThatJmxWouldReject() {
        assertThat(AsyncAppenderMBeans.objectName("logback", "my,context", "a=b"))
                .isEqualTo("io.ringlog:context=\"my,context\",framework=logback,name=\"a=b\",type=AsyncAppender");
    }
}
