package io.ringlog.spring.boot.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.ringlog.spring.boot.TestApplication;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What the starter promises a Spring Boot application that uses Boot's default logging configuration, whichever the
 * framework: Boot's console and file appenders run behind the Ringlog appender, with Boot's patterns and
 * {@code logging.*} properties; the meters and the health contributor are there; and what was logged before Boot
 * stops its logging system (after the context has closed) is all in the file; the same with Boot's structured (JSON)
 * logging. Subclassed once per framework, each in its own JVM (the surefire executions put one framework on the class
 * path).
 */
@ExtendWith(OutputCaptureExtension.class)
public abstract class BootLoggingContract {
    private static final int THREADS = 4;
    private static final int LINES_PER_THREAD = 5_000;

    @TempDir
    Path dir;

    /** The framework on the class path. */
    protected abstract FrameworkView view();

    @Test
    public void bootsAppendersRunBehindRinglogAndNothingLoggedBeforeTheLoggingShutdownIsLost(CapturedOutput console) throws Exception {
        Path file = dir.resolve("app.log");
        ConfigurableApplicationContext context = TestApplication.withProperties("logging.file.name=" + file,
                "logging.pattern.file=FILE %5p [%t] : %m%n", "ringlog.queue-size=1024").run();
        LoggingSystem loggingSystem = context.getBean(LoggingSystem.class);

        assertThat(view().rootAppenders()).containsExactly(RinglogLoggingListener.APPENDER_NAME);
        assertThat(view().ringlogTargets()).containsExactlyInAnyOrderElementsOf(view().bootAppenders());

        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            threads.add(new Thread(() -> {
                Logger log = LoggerFactory.getLogger("io.ringlog.test.Load");
                for (int i = 0; i < LINES_PER_THREAD; i++) {
                    log.info("line-{}-{}", thread, i);
                }
            }, "load-" + t));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }

        MeterRegistry registry = context.getBean(MeterRegistry.class);
        assertThat(registry.get("ringlog.events.enqueued").tags("framework", view().framework(), "appender", RinglogLoggingListener.APPENDER_NAME)
                .functionCounter().count()).isGreaterThanOrEqualTo(THREADS * LINES_PER_THREAD);
        assertThat(registry.get("ringlog.queue.capacity").tag("appender", RinglogLoggingListener.APPENDER_NAME).gauge().value())
                .isEqualTo(1024);
        HealthIndicator health = context.getBean("ringlogHealthIndicator", HealthIndicator.class);
        assertThat(health.health().getStatus()).isEqualTo(Status.UP);
        assertThat(health.health().getDetails()).containsKey("appenders");

        context.close();
        LoggerFactory.getLogger("io.ringlog.test.Closing").info("logged after the context closed");
        loggingSystem.getShutdownHandler().run(); // what Spring Boot's shutdown hook runs last

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Set<String> loaded = lines.stream().filter(l -> l.contains(" : line-")).map(l -> l.substring(l.indexOf(" : line-") + 3))
                .collect(Collectors.toSet());
        Set<String> expected = new HashSet<>();
        for (int t = 0; t < THREADS; t++) {
            for (int i = 0; i < LINES_PER_THREAD; i++) {
                expected.add("line-" + t + "-" + i);
            }
        }
        assertThat(loaded).as("every line logged, in %s", file).isEqualTo(expected);
        assertThat(lines.stream().filter(l -> l.contains(" : line-"))).as("each line once").hasSize(THREADS * LINES_PER_THREAD);
        assertThat(lines).as("logging.pattern.file").allMatch(l -> l.startsWith("FILE ") || !l.contains(" : "))
                .anyMatch(l -> l.equals("FILE  INFO [load-0] : line-0-0"))
                .anyMatch(l -> l.endsWith(" : logged after the context closed"));
        // Boot's default console pattern: date, level, process id, "---", thread, logger.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(console.getOut())
                .containsPattern("\\d{4}-\\d{2}-\\d{2}T\\S+ +INFO \\d+ --- .*\\[ *load-0\\] \\S+ +: line-0-0"));
    }

    @Test
    public void callerEncodingReachesTheAppender() {
        String file = "logging.file.name=" + dir.resolve("app.log");
        try (ConfigurableApplicationContext context = TestApplication.withProperties(file, "ringlog.caller-encoding=Never").run()) {
            assertThat(context.getEnvironment().getProperty("ringlog.caller-encoding")).isEqualTo("Never");
            assertThat(view().callerEncoding()).isEqualTo("NEVER");
        }
        try (ConfigurableApplicationContext context = TestApplication.withProperties(file).run()) {
            assertThat(context.isActive()).isTrue();
            assertThat(view().callerEncoding()).as("the default").isEqualTo("AUTO");
        }
    }

    @Test
    public void bootsStructuredLoggingRunsBehindRinglogAndLosesNothing(CapturedOutput console) throws Exception {
        try {
            logStructured(console);
        } finally {
            BootOutput.clearStructuredFormats();
        }
    }

    private void logStructured(CapturedOutput console) throws Exception {
        Path file = dir.resolve("app.json");
        ConfigurableApplicationContext context = TestApplication.withProperties("logging.file.name=" + file,
                "logging.structured.format.file=ecs", "logging.structured.format.console=logstash", "ringlog.queue-size=256").run();
        LoggingSystem loggingSystem = context.getBean(LoggingSystem.class);
        assertThat(view().rootAppenders()).containsExactly(RinglogLoggingListener.APPENDER_NAME);

        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            int thread = t;
            threads.add(new Thread(() -> {
                Logger log = LoggerFactory.getLogger("io.ringlog.test.Json");
                for (int i = 0; i < 2_000; i++) {
                    log.info("json-{}-{}", thread, i);
                }
            }, "json-" + t));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        context.close();
        loggingSystem.getShutdownHandler().run();

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> l.contains("\"json-"))
                .collect(Collectors.toList());
        assertThat(lines).as("one ECS object a line, each line once, in %s", file).hasSize(4_000)
                .allMatch(l -> l.startsWith("{") && l.endsWith("}") && l.contains("\"ecs\""));
        Set<String> messages = lines.stream().map(l -> l.replaceAll(".*\"message\":\"(json-\\d+-\\d+)\".*", "$1"))
                .collect(Collectors.toSet());
        assertThat(messages).hasSize(4_000).contains("json-0-0", "json-1-1999");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(console.getOut())
                .contains("\"message\":\"json-0-0\"", "\"message\":\"json-1-1999\"", "\"@version\":\"1\""));
    }
}
