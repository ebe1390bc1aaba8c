package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.TestThreads;
import io.ringlog.core.PipelineStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where {@code <RingAsync>} encodes its targets ({@code callerEncoding}), with real files: under {@code AUTO} a layout
 * that makes a String per event runs on the logging threads and the consumer writes its bytes (in each thread's order,
 * through a rolling file's rollovers, and past a target's threshold as its filter decides); a {@code PatternLayout} runs
 * on the consumer; {@code NEVER} keeps every layout there; {@code ALWAYS} encodes a {@code PatternLayout} on the callers.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CallerEncodingIT {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int THREADS = 3;
    private static final int PER_THREAD = 400;

    @TempDir
    Path dir;

    @Test
    void autoEncodesAStringLayoutOnTheCallersAndKeepsPatternLayoutOnTheConsumer() throws Exception {
        LoggerContext context = TestContexts.start("caller-encoding.xml", dir);
        try {
            Logger logger = context.getLogger("app");
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                String name = "caller-" + t;
                threads.add(TestThreads.startThread(name, () -> {
                    for (int i = 0; i < PER_THREAD; i++) {
                        if (i % 100 == 99) {
                            logger.warn("{} {}", name, i);
                        } else {
                            logger.info("{} {}", name, i);
                        }
                    }
                }));
            }
            for (Thread thread : threads) {
                thread.join(WAIT.toMillis());
                assertThat(thread.isAlive()).as(thread.getName()).isFalse();
            }
            int total = THREADS * PER_THREAD;
            RingAsyncAppender ring = TestContexts.appender(context, "AUTO_RING", RingAsyncAppender.class);
            await().atMost(WAIT).until(() -> ring.getStats().delivered() == total);
            PipelineStats stats = ring.getStats();
            assertThat(stats.failed() + stats.dropped() + stats.deliveredDirectly()).as(stats.toString()).isZero();

            List<String> naming = lines(dir.resolve("naming.log"));
            assertThat(naming).hasSize(total);
            for (int t = 0; t < THREADS; t++) {
                String name = "caller-" + t;
                List<String> own = naming.stream().filter(line -> line.contains(" " + name + " ")).toList();
                assertThat(own).as("each line of %s encoded on %s itself, in its order", name, name).hasSize(PER_THREAD);
                for (int i = 0; i < PER_THREAD; i++) {
                    assertThat(own.get(i)).isEqualTo((i % 100 == 99 ? "WARN " : "INFO ") + name + " " + i + " by " + name);
                }
            }

            List<String> rolled = rollingLines();
            assertThat(rolled).as("every line across the rolled files").hasSize(total).containsExactlyInAnyOrderElementsOf(naming);
            assertThat(rollingFiles()).as("the rolling file rolled over (4 KB a file)").hasSizeGreaterThan(3);

            List<String> warnings = lines(dir.resolve("warnings.log"));
            assertThat(warnings).as("the WARN threshold of the target decided on the caller").hasSize(THREADS * PER_THREAD / 100)
                    .allMatch(line -> line.startsWith("WARN ") && line.matches("WARN (caller-\\d) \\d+ by \\1"));

            List<String> pattern = lines(dir.resolve("pattern.log"));
            assertThat(pattern).as("PatternLayout on the consumer: no location without includeLocation").hasSize(total)
                    .allMatch(line -> line.endsWith(" line "));
        } finally {
            context.stop();
        }
    }

    @Test
    void neverEncodesOnTheConsumerAndAlwaysOnTheCallers() {
        LoggerContext context = TestContexts.start("caller-encoding.xml", dir);
        try {
            context.getLogger("never").info("kept for the consumer");
            context.getLogger("always").info("encoded here");
            await().atMost(WAIT).until(() -> lines(dir.resolve("never.log")).size() == 1 && lines(dir.resolve("always.log")).size() == 1);
            assertThat(lines(dir.resolve("never.log"))).singleElement().asString()
                    .isEqualTo("INFO kept for the consumer by ringlog-NEVER_RING");
            assertThat(lines(dir.resolve("always.log"))).singleElement().asString()
                    .as("the caller's event computes the call site, as synchronous logging does")
                    .matches("INFO encoded here line \\d+");
        } finally {
            context.stop();
        }
    }

    private List<Path> rollingFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> file.getFileName().toString().startsWith("rolling")).toList();
        }
    }

    private List<String> rollingLines() throws IOException {
        List<String> all = new ArrayList<>();
        for (Path file : rollingFiles()) {
            all.addAll(lines(file));
        }
        return all;
    }
}
