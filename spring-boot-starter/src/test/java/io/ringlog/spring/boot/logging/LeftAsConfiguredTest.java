package io.ringlog.spring.boot.logging;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.spring.boot.RinglogProperties;
import io.ringlog.spring.boot.TestApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/** Applications whose logging the starter must not touch: their own configuration, or {@code ringlog.enabled=false}. */
@ExtendWith(OutputCaptureExtension.class)
class LeftAsConfiguredTest {

    @Test
    void anApplicationsOwnConfigurationIsLeftAsItIsAndTheStarterSaysSoAtDebug(CapturedOutput output) {
        try (ConfigurableApplicationContext context = TestApplication.withProperties(
                "logging.config=classpath:io/ringlog/spring/boot/logging/own-logback.xml",
                "logging.level.io.ringlog.spring.boot.logging=DEBUG").run()) {
            assertThat(context.getBean(RinglogProperties.class).isEnabled()).isTrue();
            assertThat(LogbackBootLoggingTest.names(LogbackBootLoggingTest.root().iteratorForAppenders())).containsExactly("OWN");
            assertThat(output.getOut()).containsOnlyOnce("OWN Ringlog: the application configures Logback itself "
                    + "(logging.config=classpath:io/ringlog/spring/boot/logging/own-logback.xml)");
        }
    }

    @Test
    void ringlogEnabledFalseLeavesBootsAppendersSynchronous() {
        try (ConfigurableApplicationContext context = TestApplication.withProperties("ringlog.enabled=false").run()) {
            assertThat(context.getBean(RinglogProperties.class).isEnabled()).isFalse();
            assertThat(LogbackBootLoggingTest.names(LogbackBootLoggingTest.root().iteratorForAppenders())).containsExactly("CONSOLE");
        }
    }

    @Test
    void bootsDefaultsWithoutAFileAreWrappedToo() {
        try (ConfigurableApplicationContext context = TestApplication.withProperties("ringlog.queue-size=512").run()) {
            assertThat(context.getBean(RinglogProperties.class).getQueueSize()).isEqualTo(512);
            assertThat(LogbackBootLoggingTest.names(LogbackBootLoggingTest.root().iteratorForAppenders()))
                    .containsExactly(RinglogLoggingListener.APPENDER_NAME);
        }
    }
}
