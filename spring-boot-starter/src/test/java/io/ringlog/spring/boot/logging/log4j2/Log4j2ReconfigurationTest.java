package io.ringlog.spring.boot.logging.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.log4j2.RingAsyncAppender;
import io.ringlog.spring.boot.TestApplication;
import io.ringlog.spring.boot.logging.RinglogLoggingListener;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/** Log4j2 reconfigured after start (JMX, code): Spring Boot's reloaded default configuration gets Ringlog again. */
class Log4j2ReconfigurationTest {
    private static final int THREADS = 4;
    private static final int LINES_PER_THREAD = 15_000;
    private static final Pattern LINE = Pattern.compile(" : line (\\d+)-(\\d+)$");

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

    @Test
    void everyLineLoggedWhileLog4j2ReconfiguresIsWritten() throws Exception {
        Path file = dir.resolve("app.log");
        try (ConfigurableApplicationContext context = TestApplication.withProperties("logging.file.name=" + file,
                "logging.threshold.console=OFF", "logging.log4j2.rollingpolicy.max-file-size=1GB").run()) {
            LoggerContext log4j = (LoggerContext) LogManager.getContext(false);
            Logger logger = LogManager.getLogger("io.ringlog.test.Reconfigured");
            AtomicBoolean failed = new AtomicBoolean();
            List<Thread> callers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                Thread caller = new Thread(() -> {
                    try {
                        for (int i = 0; i < LINES_PER_THREAD; i++) {
                            logger.info("line {}-{}", thread, i);
                        }
                    } catch (RuntimeException e) {
                        failed.set(true);
                    }
                }, "caller-" + t);
                caller.start();
                callers.add(caller);
            }
            // The callers log through each swap: Boot's appenders of the new configuration are taken off the root logger
            // while calls that read the root's appenders just before are still inside them.
            int reconfigurations = 0;
            while (reconfigurations < 3 || callers.stream().anyMatch(Thread::isAlive)) {
                log4j.reconfigure();
                reconfigurations++;
            }
            for (Thread caller : callers) {
                caller.join();
            }
            assertThat(failed).isFalse();
            assertThat(context.isRunning()).isTrue();

            BitSet[] written = new BitSet[THREADS];
            Arrays.setAll(written, t -> new BitSet(LINES_PER_THREAD));
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    Matcher m = LINE.matcher(line);
                    if (m.find()) {
                        written[Integer.parseInt(m.group(1))].set(Integer.parseInt(m.group(2)));
                    }
                }
                return Arrays.stream(written).allMatch(lines -> lines.cardinality() == LINES_PER_THREAD);
            });
        }
    }

    @Test
    void bootsReplacedAppendersStayStartedUntilTheirConfigurationStops() {
        Path file = dir.resolve("app.log");
        try (ConfigurableApplicationContext context = TestApplication.withProperties("logging.file.name=" + file).run()) {
            LoggerContext log4j = (LoggerContext) LogManager.getContext(false);
            log4j.reconfigure();
            Configuration first = log4j.getConfiguration();
            List<Appender> retired = new ArrayList<>();
            first.getAppenders().forEach((key, appender) -> {
                if (key.endsWith(" (replaced by Ringlog)")) {
                    retired.add(appender);
                }
            });
            assertThat(retired).extracting(Appender::getName).containsExactlyInAnyOrder("Console", "File");
            assertThat(retired).allMatch(Appender::isStarted, "started while their configuration runs");
            assertThat(first.getRootLogger().getAppenders()).containsOnlyKeys(RinglogLoggingListener.APPENDER_NAME);

            log4j.reconfigure();

            assertThat(log4j.getConfiguration()).isNotSameAs(first);
            assertThat(retired).noneMatch(Appender::isStarted);
            assertThat(context.isRunning()).isTrue();
        }
    }
}
