package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import io.ringlog.contract.TestThreads;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Without {@code includeCallerData}, a child whose pattern prints {@code %method} gets no caller data: Logback computes
 * it lazily, on the thread that runs the child, and on the consumer thread that finds no logging call and prints
 * {@code ?}, as the stock AsyncAppender's worker does. A caller delivering other callers' events would compute it from
 * its own stack and print its own method on another thread's event: never acceptable. Each line must name its own
 * thread's method, or {@code ?}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CallerDataIT {
    private static final int BURSTS = 150;
    private static final int BURST = 8;
    private static final int PER_THREAD = BURSTS * BURST;
    private static final long PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    /** Each thread logs from a method of its own, named like the thread. */
    private static final Map<String, Consumer<Logger>> METHODS = Map.of(
            "alpha", CallerDataIT::alpha, "bravo", CallerDataIT::bravo, "charlie", CallerDataIT::charlie, "delta", CallerDataIT::delta);

    @TempDir
    Path dir;

    /**
     * Four threads log bursts from four distinct methods into a 4-slot queue (a pause between bursts lets the consumer
     * nap, so that a burst finds the queue full); the child prints {@code %thread|%method|%msg}. Run against
     * RingAsyncAppender ({@code caller-data-bursts}) and, as the control, the stock AsyncAppender
     * ({@code caller-data-bursts-stock}).
     */
    @ParameterizedTest
    @ValueSource(strings = {"caller-data-bursts", "caller-data-bursts-stock"})
    void noLineNamesAnotherThreadsMethod(String scenario) throws Exception {
        Path file = dir.resolve(scenario + ".log");
        try (LogbackFixture logback = new LogbackFixture(scenario).property("logFile", file).configure(scenario)) {
            Logger logger = logback.logger("app");
            List<Thread> threads = new ArrayList<>();
            METHODS.forEach((name, method) -> threads.add(TestThreads.startThread(name, () -> method.accept(logger))));
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(30));
                assertThat(thread.isAlive()).as("%s still logging after 30 s", thread.getName()).isFalse();
            }
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).as("every event, blocking when full").hasSize(METHODS.size() * PER_THREAD);
        List<String> wrong = lines.stream().filter(line -> {
            String[] fields = line.split("\\|", 3);
            return !fields[1].equals("?") && !fields[1].equals(fields[0]);
        }).collect(Collectors.toList());
        assertThat(wrong.size())
                .as("lines (%%thread|%%method|%%msg) naming a method other than their own thread's or '?', of %d; the first:%n%s",
                        lines.size(), wrong.stream().limit(5).collect(Collectors.joining(System.lineSeparator())))
                .isZero();
    }

    private static void alpha(Logger logger) {
        for (int b = 0; b < BURSTS; b++) {
            for (int i = 0; i < BURST; i++) {
                logger.info("alpha burst {} event {}", b, i);
            }
            pause();
        }
    }

    private static void bravo(Logger logger) {
        for (int b = 0; b < BURSTS; b++) {
            for (int i = 0; i < BURST; i++) {
                logger.info("bravo burst {} event {}", b, i);
            }
            pause();
        }
    }

    private static void charlie(Logger logger) {
        for (int b = 0; b < BURSTS; b++) {
            for (int i = 0; i < BURST; i++) {
                logger.info("charlie burst {} event {}", b, i);
            }
            pause();
        }
    }

    private static void delta(Logger logger) {
        for (int b = 0; b < BURSTS; b++) {
            for (int i = 0; i < BURST; i++) {
                logger.info("delta burst {} event {}", b, i);
            }
            pause();
        }
    }

    /** The scenario: bursts, between which the consumer naps. */
    private static void pause() {
        LockSupport.parkNanos(PAUSE_NANOS);
    }
}
