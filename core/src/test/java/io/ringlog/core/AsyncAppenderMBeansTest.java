package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.contract.RinglogMBeans;
import java.lang.management.ManagementFactory;
import java.util.Set;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

class AsyncAppenderMBeansTest {
    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final RecordingStatus status = new RecordingStatus();

    private static PipelineStats stats(long enqueued) {
        return new PipelineStats(1024, enqueued, 7, 1, 0, new long[] {0, 0, 3, 0, 0}, 4, 5_000_000);
    }

    @Test
    void exposesTheCountersReadOnlyUnderTheDocumentedNameUntilClosed() throws Exception {
        ObjectName name = new ObjectName("io.ringlog:type=AsyncAppender,framework=logback,context=default,name=ASYNC");
        AutoCloseable registration = AsyncAppenderMBeans.register("logback", new Object(), "default", "ASYNC", null, () -> stats(10), status);

        assertThat(server.isRegistered(name)).isTrue();
        assertThat(server.getAttribute(name, "Capacity")).isEqualTo(1024);
        assertThat(server.getAttribute(name, "Enqueued")).isEqualTo(10L);
        assertThat(server.getAttribute(name, "Delivered")).isEqualTo(7L);
        assertThat(server.getAttribute(name, "Failed")).isEqualTo(1L);
        assertThat(server.getAttribute(name, "Dropped")).isEqualTo(3L);
        assertThat(server.getAttribute(name, "QueueSize")).isEqualTo(2L);
        assertThat(server.getAttribute(name, "CallersBlocked")).isEqualTo(4L);
        assertThat(server.getAttribute(name, "CallersBlockedNanos")).isEqualTo(5_000_000L);
        MBeanInfo info = server.getMBeanInfo(name);
        assertThat(info.getOperations()).isEmpty();
        assertThat(info.getAttributes()).allSatisfy(attribute -> assertThat(attribute.isWritable()).isFalse());

        registration.close();
        assertThat(server.isRegistered(name)).isFalse();
    }

    @Test
    void aNewerRegistrationOfTheSameContextReplacesAnOlderOneWhichThenCannotRemoveIt() throws Exception {
        Object context = new Object();
        ObjectName name = new ObjectName(AsyncAppenderMBeans.objectName("log4j2", "ctx", "RING"));
        AutoCloseable older = register(context, "ctx", "RING", null, 1);
        AutoCloseable newer = register(context, "ctx", "RING", null, 2);
        assertThat(server.getAttribute(name, "Enqueued")).isEqualTo(2L);
        assertThat(names("ctx")).as("a reconfiguration keeps one MBean").containsExactly(name);

        older.close();
        assertThat(server.isRegistered(name)).isTrue();
        newer.close();
        assertThat(server.isRegistered(name)).isFalse();
        assertThat(status.warnings).isEmpty();
    }

    @Test
    void anotherContextWithTheSameNameGetsTheNextInstanceAndEachKeepsItsOwn() throws Exception {
        ObjectName first = new ObjectName(AsyncAppenderMBeans.objectName("log4j2", "twins", "ASYNC"));
        ObjectName second = RinglogMBeans.instance(first, 2);
        ObjectName third = RinglogMBeans.instance(first, 3);
        AutoCloseable one = register(new Object(), "twins", "ASYNC", null, 1);
        AutoCloseable two = register(new Object(), "twins", "ASYNC", null, 2);
        AutoCloseable three = register(new Object(), "twins", "ASYNC", null, 3);

        assertThat(server.getAttribute(first, "Enqueued")).isEqualTo(1L);
        assertThat(server.getAttribute(second, "Enqueued")).isEqualTo(2L);
        assertThat(server.getAttribute(third, "Enqueued")).isEqualTo(3L);
        assertThat(status.warnings).hasSize(2);
        assertThat(status.warnings.get(0)).contains("appender [ASYNC]", "context=twins,name=ASYNC,instance=2", "set jmxName");

        two.close();
        assertThat(names("twins")).containsExactlyInAnyOrder(first, third);
        AutoCloseable four = register(new Object(), "twins", "ASYNC", null, 4);
        assertThat(server.getAttribute(second, "Enqueued")).as("the lowest free instance").isEqualTo(4L);
        one.close();
        three.close();
        four.close();
        assertThat(names("twins")).isEmpty();
    }

    @Test
    void aDisambiguatedAppenderKeepsItsNameThroughAReconfiguration() throws Exception {
        ObjectName first = new ObjectName(AsyncAppenderMBeans.objectName("log4j2", "reload", "RING"));
        ObjectName second = RinglogMBeans.instance(first, 2);
        Object app = new Object();
        AutoCloseable other = register(new Object(), "reload", "RING", null, 1);
        AutoCloseable older = register(app, "reload", "RING", null, 2);
        AutoCloseable newer = register(app, "reload", "RING", null, 3);

        assertThat(names("reload")).containsExactlyInAnyOrder(first, second);
        assertThat(server.getAttribute(second, "Enqueued")).isEqualTo(3L);
        older.close();
        assertThat(server.getAttribute(second, "Enqueued")).isEqualTo(3L);
        assertThat(server.getAttribute(first, "Enqueued")).isEqualTo(1L);
        newer.close();
        other.close();
        assertThat(names("reload")).isEmpty();
    }

    @Test
    void theJmxNameReplacesTheAppendersNameAndIsDisambiguatedToo() throws Exception {
        ObjectName named = new ObjectName("io.ringlog:type=AsyncAppender,framework=log4j2,context=named,name=orders");
        AutoCloseable one = register(new Object(), "named", "ASYNC", "orders", 1);
        AutoCloseable two = register(new Object(), "named", "ASYNC", "orders", 2);
        AutoCloseable unset = register(new Object(), "named", "ASYNC", "", 3);
        assertThat(names("named")).containsExactlyInAnyOrder(named, RinglogMBeans.instance(named, 2),
                new ObjectName(AsyncAppenderMBeans.objectName("log4j2", "named", "ASYNC")));
        assertThat(server.getAttribute(named, "Enqueued")).isEqualTo(1L);
        assertThat(status.warnings).singleElement().asString().contains("name=orders,instance=2");
        one.close();
        two.close();
        unset.close();

        Object sameContext = new Object();
        AutoCloseable first = AsyncAppenderMBeans.register("log4j2", sameContext, "named", "FIRST", "shared", () -> stats(5), status);
        AutoCloseable second = AsyncAppenderMBeans.register("log4j2", sameContext, "named", "SECOND", "shared", () -> stats(6), status);
        ObjectName shared = new ObjectName(AsyncAppenderMBeans.objectName("log4j2", "named", "shared"));
        assertThat(server.getAttribute(shared, "Enqueued")).as("a second appender of the context takes nothing over").isEqualTo(5L);
        assertThat(server.getAttribute(RinglogMBeans.instance(shared, 2), "Enqueued")).isEqualTo(6L);
        assertThat(status.warnings).last().asString().contains("appender [SECOND]", "name=shared,instance=2", "same jmxName");
        first.close();
        second.close();
        assertThat(names("named")).isEmpty();
    }

    @Test
    void aNameThatAnotherClassLoadersRinglogRegisteredIsNeitherReplacedNorRemoved() throws Exception {
        ObjectName name = new ObjectName(AsyncAppenderMBeans.objectName("log4j2", "webapps", "ASYNC"));
        try (OtherClassLoaderRinglog otherWebapp = new OtherClassLoaderRinglog()) {
            AutoCloseable theirs = otherWebapp.register("log4j2", "webapps", "ASYNC");
            assertThat(server.isRegistered(name)).isTrue();

            AutoCloseable ours = register(new Object(), "webapps", "ASYNC", null, 5);
            ObjectName disambiguated = RinglogMBeans.instance(name, 2);
            assertThat(server.getAttribute(disambiguated, "Enqueued")).isEqualTo(5L);
            ours.close();
            assertThat(names("webapps")).as("theirs survives ours").containsExactly(name);

            AutoCloseable again = register(new Object(), "webapps", "ASYNC", null, 6);
            theirs.close();
            assertThat(names("webapps")).as("ours survives theirs").containsExactly(disambiguated);
            again.close();
        }
        assertThat(names("webapps")).isEmpty();
    }

    private AutoCloseable register(Object context, String contextName, String appender, String jmxName, long enqueued) {
        return AsyncAppenderMBeans.register("log4j2", context, contextName, appender, jmxName, () -> stats(enqueued), status);
    }

    private static Set<ObjectName> names(String contextName) throws Exception {
        return RinglogMBeans.registered("log4j2", contextName);
    }

    @Test
    void quotesNamesThatJmxWouldReject() {
        assertThat(AsyncAppenderMBeans.objectName("logback", "my,context", "a=b"))
                .isEqualTo("io.ringlog:context=\"my,context\",framework=logback,name=\"a=b\",type=AsyncAppender");
    }
}
