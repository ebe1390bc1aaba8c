package io.ringlog.spring.boot.logging.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.log4j2.RingAsyncAppender;
import io.ringlog.spring.boot.TestApplication;
import io.ringlog.spring.boot.logging.RinglogLoggingListener;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/** Log4j2 reconfigured after start (JMX, code): Spring Boot's reloaded default configuration gets Ringlog again. */
class Log4j2ReconfigurationTest {

    @TempDir
    Path dir;

    @Test
    void bootsDefaultsReloadedByLog4j2RunBehindRinglogAgain() {
        Path file = dir.resolve("app.log");
        try (ConfigurableApplicationContext context = TestApplication.withProperties("logging.file.name=" + file,
                "ringlog.queue-size=256").run()) {
            LoggerContext log4j = (LoggerContext) LogManager.getContext(false);
            Configuration before = log4j.getConfiguration();
            assertThat(before.getRootLogger().getAppenders()).containsOnlyKeys(RinglogLoggingListener.APPENDER_NAME);

            log4j.reconfigure();

            Configuration after = log4j.getConfiguration();
            assertThat(after).as("a new configuration").isNotSameAs(before);
            assertThat(after.getRootLogger().getAppenders()).containsOnlyKeys(RinglogLoggingListener.APPENDER_NAME);
            RingAsyncAppender ring = after.getAppender(RinglogLoggingListener.APPENDER_NAME);
            assertThat(Arrays.asList(ring.getAppenderRefStrings())).containsExactlyInAnyOrder("Console", "File");
            assertThat(ring.getStats().capacity()).as("the ringlog.* properties still apply").isEqualTo(256);
            assertThat(context.isRunning()).isTrue();

            LogManager.getLogger("io.ringlog.test.Reconfigured").info("after the reconfiguration");
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> Files.readString(file, StandardCharsets.UTF_8),
                    text -> text.contains(" : after the reconfiguration"));
        }
    }
}
