package io.ringlog.spring.boot.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.spring.boot.RinglogProperties;
import io.ringlog.spring.boot.TestApplication;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Applications whose logging the starter must not touch (their own configuration, or {@code ringlog.enabled=false}),
 * and one it must: {@code -Dlogback.configurationFile}, which Spring Boot ignores. Several applications in one JVM, as in
 * a test suite: each run's own properties apply.
 */
@ExtendWith(OutputCaptureExtension.class)
class LeftAsConfiguredTest {

    @Test
    void anApplicationsOwnConfigurationIsLeftAsItIsAndTheStarterSaysSoAtInfo(CapturedOutput output) {
        try (ConfigurableApplicationContext context = TestApplication.withProperties(
                "logging.config=classpath:io/ringlog/spring/boot/logging/own-logback.xml").run()) {
            assertThat(context.getBean(RinglogProperties.class).isEnabled()).isTrue();
            assertThat(new LogbackView().rootAppenders()).containsExactly("OWN");
            assertThat(output.getOut()).containsOnlyOnce("OWN Ringlog: the application configures Logback itself "
                    + "(logging.config=classpath:io/ringlog/spring/boot/logging/own-logback.xml)");
        }
    }

    @Test
    void ringlogEnabledFalseLeavesBootsAppendersSynchronous() {
        try (ConfigurableApplicationContext context = TestApplication.withProperties("ringlog.enabled=false").run()) {
            assertThat(context.getBean(RinglogProperties.class).isEnabled()).isFalse();
            assertThat(new LogbackView().rootAppenders()).containsExactly("CONSOLE");
        }
    }

    @Test
    void logbackConfigurationFileIsIgnoredBySpringBootSoItsDefaultsAreWrapped(CapturedOutput output) {
        // Spring Boot 3.5 and 4.x alike warn and look for their usual files; with none, they apply their defaults.
        System.setProperty("logback.configurationFile", "io/ringlog/spring/boot/logging/own-logback.xml");
        try (ConfigurableApplicationContext context = TestApplication.withProperties().run()) {
            assertThat(context.getBean(RinglogProperties.class).isEnabled()).isTrue();
            assertThat(new LogbackView().rootAppenders())
                    .containsExactly(RinglogLoggingListener.APPENDER_NAME);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(output.getOut())
                    .contains("Ignoring 'logback.configurationFile' system property")
                    .contains("Ringlog: Spring Boot's default Logback appenders [CONSOLE] now run behind the Ringlog appender [RINGLOG]"));
        } finally {
            System.clearProperty("logback.configurationFile");
        }
    }

    @Test
    void bootsDefaultsWithoutAFileAreWrappedToo() {
        try (ConfigurableApplicationContext context = TestApplication.withProperties("ringlog.queue-size=512").run()) {
            assertThat(context.getBean(RinglogProperties.class).getQueueSize()).isEqualTo(512);
            assertThat(new LogbackView().rootAppenders())
                    .containsExactly(RinglogLoggingListener.APPENDER_NAME);
        }
    }
}
