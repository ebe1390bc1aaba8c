package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What a Spring Boot application does when it exits, run in a child JVM by both adapters: the application logs
 * {@value #RUNNING} lines {@code running <i>}, then {@code System.exit(0)}; its own JVM shutdown hook (Spring Boot's
 * context close: graceful shutdown, beans' destroy methods, pools closing) logs {@value #CLOSING} lines
 * {@code closing <i>} 5 to 10 ms apart, concurrently with Ringlog's exit drain, and then, in the {@code stops}
 * variant, stops the logging framework, as Spring Boot does last. Every one of those lines must be in the file, in
 * order, and nothing may be counted as dropped.
 */
public final class ShutdownHookLogging {
    /** Lines logged while the application runs. */
    public static final int RUNNING = 1_000;
    /** Lines logged by the application's shutdown hook. */
    public static final int CLOSING = 50;

    private ShutdownHookLogging() {
    }

    /**
     * The child's body, once the framework is configured.
     *
     * @param variant        {@code stops}: the hook stops the framework after logging; {@code logs}: it only logs
     * @param stopFramework  stops the framework (LoggerContext.stop())
     * @param stats          the Ringlog appender's stats, printed by the hook as {@code stats=...}
     * @param statusMessages Ringlog's warnings and errors seen by the framework's status channel, printed last
     */
    public static void logThenExit(String variant, InfoLogger logger, Runnable stopFramework, Supplier<String> stats,
                                   Supplier<List<String>> statusMessages) {
        Thread hook = new Thread(() -> {
            for (int i = 0; i < CLOSING; i++) {
                logger.info("closing {}", i);
                // The scenario itself: a context closing bean by bean, each logging a line.
                pause(ThreadLocalRandom.current().nextLong(5, 11));
            }
            System.out.println("stats=" + stats.get());
            if (variant.equals("stops")) {
                stopFramework.run();
                System.out.println("stats after stop=" + stats.get());
            }
            for (String message : statusMessages.get()) {
                System.out.println("status: " + message);
            }
            System.out.flush();
        }, "application-shutdown-hook");
        Runtime.getRuntime().addShutdownHook(hook);
        for (int i = 0; i < RUNNING; i++) {
            logger.info("running {}", i);
        }
        System.exit(0);
    }

    private static void pause(long millis) {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        long left;
        while ((left = until - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Checks the child's exit, its file and what it printed: every line, in order, nothing dropped. */
    public static void assertNothingLost(ChildJvm.Result child, Path file) throws Exception {
        assertThat(child.exitCode).as(child.output).isZero();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < RUNNING; i++) {
            expected.add("running " + i);
        }
        for (int i = 0; i < CLOSING; i++) {
            expected.add("closing " + i);
        }
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).as(child.output).containsExactlyElementsOf(expected);
        assertThat(child.output).contains("stats=").doesNotContainPattern("dropped=[1-9]").doesNotContain(" dropped ");
    }
}
