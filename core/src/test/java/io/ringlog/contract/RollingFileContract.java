package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A Ringlog appender in front of the framework's stock rolling file appender ({@link Scenario#ROLLING}: rolled at 20 KB
 * and every second, gzip-compressed, flushed by Ringlog at the end of each batch) while {@value TimedProducers#PRODUCERS}
 * threads log until it has rolled {@value #MIN_ROLLOVERS} files (and for {@value #MIN_LOAD_MILLIS} ms at least, so that
 * the per-second rollover comes into play too). Every line is in the files exactly once, in its thread's order; under
 * BLOCK with a {@code maxBlockTime} of {@value #MAX_BLOCK_TIME_MILLIS} ms nothing is dropped, so no rollover held a
 * caller that long; and the framework's status channel stays free of warnings and errors, so no end-of-batch flush
 * reached a stream that a rollover had closed ("Attempted to append to non started appender", "Stream Closed").
 * Subclass once per adapter.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
public abstract class RollingFileContract extends ContractTestBase {
    static final long MIN_LOAD_MILLIS = 3_000;
    static final long MAX_BLOCK_TIME_MILLIS = 2_000;
    /** What a caller may spend past {@code maxBlockTime} on a shared 2-core machine before the test calls it stalled. */
    static final long BLOCK_MARGIN_MILLIS = 1_000;
    /** Roughly 400 events a second per producer, 230 bytes each: a 20 KB file every 50 ms or so. */
    private static final long PAUSE_MICROS = 2_500;
    static final int MIN_ROLLOVERS = 36;

    @Test
    void everyLineIsRolledOnceInItsThreadsOrderWithoutStallingACaller() throws Exception {
        Path logs = dir.resolve("logs");
        Map<String, String> settings = Scenario.settings(file, 1024, "BLOCK");
        settings.put(Scenario.MAX_BLOCK_TIME, Long.toString(MAX_BLOCK_TIME_MILLIS));
        settings.put(Scenario.DIR_PROPERTY, logs.toString());
        harness.configure(Scenario.ROLLING, settings);

        long begin = System.nanoTime();
        try (TimedProducers load = TimedProducers.start(harness, PAUSE_MICROS)) {
            // At least MIN_LOAD_MILLIS, so that a few periods of the per-second rollover pass too.
            await().atMost(Duration.ofSeconds(60)).pollDelay(Duration.ofMillis(MIN_LOAD_MILLIS)).pollInterval(Duration.ofMillis(200))
                    .until(() -> RolledFiles.rolled(logs).size() >= MIN_ROLLOVERS);
            load.join();
            assertRolledOnceInOrder(logs, load, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin));
        }
    }

    private void assertRolledOnceInOrder(Path logs, TimedProducers load, long loadMillis) throws Exception {
        PipelineStats stats = harness.stats();
        harness.shutdown();
        // Both frameworks compress in the background; each deletes the uncompressed file once its .gz is complete.
        await().atMost(Duration.ofSeconds(30)).until(() -> RolledFiles.unfinished(logs).isEmpty());

        ReceivedEvents lines = new ReceivedEvents();
        RolledFiles.readAll(logs, lines);
        int rollovers = RolledFiles.rolled(logs).size();
        System.out.printf("[figures] %s rolling: logged=%d in %d ms, %d rolled files, longest call %d ms%n", harness.framework(),
                load.returned(), loadMillis, rollovers, Math.max(load.longestMillis(false), load.longestMillis(true)));

        assertThat(rollovers).as("rollovers").isGreaterThanOrEqualTo(MIN_ROLLOVERS);
        assertThat(lines.defects()).as("each line whole, once, in its thread's order: %s", lines).isEmpty();
        assertThat(lines.events()).as("every line is in the files: %s", lines).isEqualTo(load.returned());
        Accounting.assertAccounted(harness.stats(), load.returned());
        assertThat(stats.dropped()).as("no caller waited maxBlockTime for a rollover: %s", stats).isZero();
        assertThat(Math.max(load.longestMillis(false), load.longestMillis(true))).isLessThan(MAX_BLOCK_TIME_MILLIS + BLOCK_MARGIN_MILLIS);
        assertThat(harness.statusMessages()).as("no warning or error from the framework or Ringlog").isEmpty();
    }
}
