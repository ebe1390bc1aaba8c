package io.ringlog.spring.boot.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.LiveAppenders;
import io.ringlog.spring.boot.TestApplication;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Set;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.LogFile;
import org.springframework.boot.logging.LoggingInitializationContext;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Spring Boot initialising logging more than once in one JVM: several applications (a test suite's), each with its own
 * {@code ringlog.*} properties, and an application that initialises logging again itself (Spring Cloud's
 * {@code reinitializeLoggingSystem}). Each time Boot's appenders run behind Ringlog, one INFO line says so, and the
 * MBean follows {@code spring.jmx.enabled}. Console only: on Log4j2, Spring Boot reloads the configuration file it loaded
 * first in the JVM, so whether a later application's {@code logging.file.*} has an effect depends on the applications
 * before it (Log4j2LaterApplicationLogFileTest). Subclassed once per framework.
 */
@ExtendWith(OutputCaptureExtension.class)
public abstract class BootLoggingAgainContract {

    /** The framework on the class path. */
    protected abstract FrameworkView view();

    @Test
    public void oneInfoLineSaysWhatWasWrappedAndTheMBeanFollowsSpringJmx(CapturedOutput console) throws Exception {
        try (ConfigurableApplicationContext context = TestApplication.withProperties("spring.jmx.enabled=true").run()) {
            assertThat(context.getEnvironment().getProperty("spring.jmx.enabled")).isEqualTo("true");
            assertThat(view().rootAppenders()).containsExactly(RinglogLoggingListener.APPENDER_NAME);
            assertThat(ringlogMBeans()).as("spring.jmx.enabled=true").hasSize(1);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(console.getOut()).containsPattern("(?i)INFO .*Ringlog: "
                    + "Spring Boot's default " + view().framework() + " appenders \\[" + view().bootAppenders().get(0) + "\\] now run behind "
                    + "the Ringlog appender \\[RINGLOG\\] \\(queue size 8192, full-queue policy BLOCK, JMX on\\)"));
        }
        try (ConfigurableApplicationContext context = TestApplication.withProperties().run()) {
            assertThat(context.getEnvironment().getProperty("spring.jmx.enabled")).isNull();
            assertThat(ringlogMBeans()).as("spring.jmx.enabled is false by default, and ringlog.jmx follows it").isEmpty();
        }
        try (ConfigurableApplicationContext context = TestApplication.withProperties("ringlog.jmx=true").run()) {
            assertThat(context.getEnvironment().getProperty("ringlog.jmx")).isEqualTo("true");
            assertThat(ringlogMBeans()).as("ringlog.jmx=true").hasSize(1);
        }
    }

    @Test
    public void loggingInitialisedAgainRunsBehindRinglogAgainWithThisApplicationsProperties(CapturedOutput console) {
        try (ConfigurableApplicationContext context = TestApplication.withProperties("ringlog.queue-size=256").run()) {
            ConfigurableEnvironment environment = context.getEnvironment();
            LoggingSystem system = context.getBean(LoggingSystem.class);
            // Spring Cloud's reinitializeLoggingSystem, after its property sources have been added.
            system.cleanUp();
            system.beforeInitialize();
            system.initialize(new LoggingInitializationContext(environment), null, LogFile.get(environment));

            assertThat(view().rootAppenders()).containsExactly(RinglogLoggingListener.APPENDER_NAME);
            assertThat(view().ringlogTargets()).containsExactly(view().bootAppenders().get(0));
            assertThat(LiveAppenders.live()).filteredOn(a -> a.name().equals(RinglogLoggingListener.APPENDER_NAME))
                    .as("this application's ringlog.queue-size").singleElement()
                    .satisfies(ring -> assertThat(ring.stats().capacity()).isEqualTo(256));
            LoggerFactory.getLogger("io.ringlog.test.Again").info("after logging was initialised again");
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(console.getOut())
                    .contains(" : after logging was initialised again"));
        }
    }

    private static Set<ObjectName> ringlogMBeans() throws Exception {
        return ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("io.ringlog:type=AsyncAppender,name="
                + RinglogLoggingListener.APPENDER_NAME + ",*"), null);
    }
}
