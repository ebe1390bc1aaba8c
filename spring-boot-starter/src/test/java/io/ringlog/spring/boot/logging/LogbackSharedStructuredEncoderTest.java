package io.ringlog.spring.boot.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.core.OutputStreamAppender;
import io.ringlog.logback.RingAsyncAppender;
import io.ringlog.spring.boot.TestApplication;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Logback: Boot's structured logging in one format on the console and the file is encoded once per event for both
 * (the file gets the console's encoder object), and each still gets every line; in two formats each keeps its own.
 */
@ExtendWith(OutputCaptureExtension.class)
class LogbackSharedStructuredEncoderTest {
    private static final int LINES = 2_000;
    private static final Pattern MESSAGE = Pattern.compile("\"message\":\"shared-(\\d+)\"");

    @TempDir
    Path dir;

    @AfterEach
    void clearBootsFormatProperties() {
        BootOutput.clearStructuredFormats();
    }

    @Test
    void oneFormatOnConsoleAndFileIsEncodedOnceForBoth(CapturedOutput console) throws Exception {
        Path file = dir.resolve("app.json");
        ConfigurableApplicationContext context = TestApplication.withProperties("logging.file.name=" + file,
                "logging.structured.format.file=ecs", "logging.structured.format.console=ecs").run();
        OutputStreamAppender<?> fileAppender = child("FILE");
        OutputStreamAppender<?> consoleAppender = child("CONSOLE");

        Logger log = LoggerFactory.getLogger("io.ringlog.test.Shared");
        for (int i = 0; i < LINES; i++) {
            log.info("shared-{}", i);
        }
        stopLogging(context);

        // Stopped, Ringlog has given each child its own encoder back (while it runs, each has a stand-in of its own).
        assertThat(fileAppender.getEncoder()).as("the file's encoder").isSameAs(consoleAppender.getEncoder());
        assertThat(BootOutput.count(MESSAGE, Files.readString(file, StandardCharsets.UTF_8))).as("ECS lines in the file").isEqualTo(LINES);
        await().atMost(Duration.ofSeconds(10)).until(() -> BootOutput.count(MESSAGE, console.getOut()) == LINES);
        assertThat(console.getOut()).contains("\"ecs\"");
    }

    @Test
    void twoFormatsKeepTheirOwnEncoders() {
        ConfigurableApplicationContext context = TestApplication.withProperties("logging.file.name=" + dir.resolve("app.json"),
                "logging.structured.format.file=ecs", "logging.structured.format.console=logstash").run();
        OutputStreamAppender<?> fileAppender = child("FILE");
        OutputStreamAppender<?> consoleAppender = child("CONSOLE");
        stopLogging(context);

        assertThat(fileAppender.getEncoder()).isNotSameAs(consoleAppender.getEncoder());
    }

    /** Closes the application, then stops logging as Spring Boot's shutdown hook does last: Ringlog stops. */
    private static void stopLogging(ConfigurableApplicationContext context) {
        LoggingSystem loggingSystem = context.getBean(LoggingSystem.class);
        context.close();
        loggingSystem.getShutdownHandler().run();
    }

    /** A child of the Ringlog appender. */
    private static OutputStreamAppender<?> child(String name) {
        RingAsyncAppender ring = (RingAsyncAppender) LogbackView.root().getAppender(RinglogLoggingListener.APPENDER_NAME);
        return (OutputStreamAppender<?>) ring.getAppender(name);
    }
}
