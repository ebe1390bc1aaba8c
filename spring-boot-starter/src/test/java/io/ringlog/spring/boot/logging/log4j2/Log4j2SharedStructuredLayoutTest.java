package io.ringlog.spring.boot.logging.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.spring.boot.TestApplication;
import io.ringlog.spring.boot.logging.BootOutput;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.config.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Log4j2: Boot's structured logging in one format on the console and the file shares one layout object (which
 * {@code <RingAsync>} encodes once per event, on the caller, for both), and each still gets every line, the same
 * JSON; in two formats each keeps its own layout.
 */
@ExtendWith(OutputCaptureExtension.class)
class Log4j2SharedStructuredLayoutTest {
    private static final int LINES = 2_000;
    private static final Pattern MESSAGE = Pattern.compile("\"message\":\"shared-(\\d+)\"");

    @TempDir
    Path dir;

    @AfterEach
    void clearBootsFormatProperties() {
        BootOutput.clearStructuredFormats();
    }

    @Test
    void oneFormatOnConsoleAndFileSharesOneLayout(CapturedOutput console) throws Exception {
        Path file = dir.resolve("app.json");
        try (ConfigurableApplicationContext context = TestApplication.withProperties("logging.file.name=" + file,
                "logging.structured.format.file=ecs", "logging.structured.format.console=ecs").run()) {
            assertThat(context.getEnvironment().getProperty("logging.structured.format.console")).isEqualTo("ecs");
            Configuration configuration = Log4j2View.configuration();
            Appender consoleAppender = configuration.getAppender("Console");
            Appender fileAppender = configuration.getAppender("File");
            assertThat(consoleAppender.getLayout()).as("the console's layout").isSameAs(fileAppender.getLayout());
            assertThat(fileAppender.getLayout().getClass().getSimpleName()).isEqualTo("StructuredLogLayout");

            Logger log = LoggerFactory.getLogger("io.ringlog.test.Shared");
            for (int i = 0; i < LINES; i++) {
                log.info("shared-{}", i);
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> BootOutput.count(MESSAGE, Files.readString(file, StandardCharsets.UTF_8)) == LINES);
            await().atMost(Duration.ofSeconds(20)).until(() -> BootOutput.count(MESSAGE, console.getOut()) == LINES);
            assertThat(console.getOut()).contains("\"ecs\"");
        }
    }

    @Test
    void twoFormatsKeepTheirOwnLayouts() {
        try (ConfigurableApplicationContext context = TestApplication.withProperties("logging.file.name=" + dir.resolve("app.json"),
                "logging.structured.format.file=ecs", "logging.structured.format.console=logstash").run()) {
            assertThat(context.getEnvironment().getProperty("logging.structured.format.console")).isEqualTo("logstash");
            Configuration configuration = Log4j2View.configuration();
            assertThat(configuration.getAppender("Console").getLayout()).isNotSameAs(configuration.getAppender("File").getLayout());
        }
    }
}
