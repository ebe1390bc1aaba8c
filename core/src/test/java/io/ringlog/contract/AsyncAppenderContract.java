package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.AsyncAppenderMBeans;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The behaviour both adapters promise, run against each framework configured from real XML files, with
 * real files and real threads. Subclass once per adapter and supply its {@link ContractHarness}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class AsyncAppenderContract extends ContractTestBase {
    /** Lines per producer in the lossless test. */
    private static final int LINES_PER_PRODUCER = 5_000;

    private Map<String, String> settings(int queueSize, String policy) {
        return Scenario.settings(file, queueSize, policy);
    }

    private void configure(Scenario scenario, int queueSize, String policy) throws Exception {
        harness.configure(scenario, settings(queueSize, policy));
    }

    private List<String> fileLines() throws Exception {
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }

    /** Holds the consumer inside the delivery of one event: capacity - 1 slots stay free. */
    private TestSink holdConsumer() throws InterruptedException {
        TestSink gated = TestSinks.get("GATED");
        gated.close();
        harness.log(EventLevel.INFO, "held");
        gated.awaitEntered();
        return gated;
    }

    private void logMany(EventLevel level, int count) {
        for (int i = 0; i < count; i++) {
            harness.log(level, level + "-" + i);
        }
    }

    private static void assertAccounting(PipelineStats stats, long logged) {
        assertThat(stats.received()).as("every event counted once: " + stats).isEqualTo(logged);
        assertThat(stats.delivered() + stats.failed() + stats.queueSize()).as(stats.toString()).isEqualTo(stats.enqueued());
    }

    @Test
    void blockIsLosslessWithSeveralProducersAndKeepsEachThreadsOrder() throws Exception {
        configure(Scenario.FILE, 64, "BLOCK");
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            producers.add(new Thread(() -> {
                for (int i = 0; i < LINES_PER_PRODUCER; i++) {
                    harness.log(EventLevel.INFO, "line {}", i);
                }
            }, "producer-" + p));
        }
        producers.forEach(Thread::start);
        for (Thread producer : producers) {
            producer.join();
        }
        PipelineStats beforeShutdown = harness.stats();
        harness.shutdown();

        List<String> lines = fileLines();
        assertThat(lines).hasSize(4 * LINES_PER_PRODUCER);
        Map<String, Integer> nextExpected = new HashMap<>();
        for (String line : lines) {
            String[] parts = line.split("\\|");
            assertThat(parts[0]).isEqualTo("INFO");
            int index = Integer.parseInt(parts[3].substring("line ".length()));
            assertThat(index).as("order of " + parts[1]).isEqualTo(nextExpected.getOrDefault(parts[1], 0));
            nextExpected.put(parts[1], index + 1);
        }
        assertThat(nextExpected).hasSize(4);
        assertThat(beforeShutdown.dropped()).isZero();
        assertAccounting(beforeShutdown, 4 * LINES_PER_PRODUCER);
    }

    @Test
    void dropAllDropsExactlyWhatDoesNotFitAndCountsIt() throws Exception {
        configure(Scenario.GATED, 8, "DROP_ALL");
        TestSink gated = holdConsumer();
        logMany(EventLevel.INFO, 10);
        logMany(EventLevel.ERROR, 3);

        PipelineStats full = harness.stats();
        assertThat(full.enqueued()).isEqualTo(8);
        assertThat(full.dropped(EventLevel.INFO)).isEqualTo(3);
        assertThat(full.dropped(EventLevel.ERROR)).isEqualTo(3);
        gated.open();
        harness.shutdown();
        assertThat(gated.records()).hasSize(8);
        assertAccounting(harness.stats(), 14);
    }

    @Test
    void dropBelowWarnNeverDropsWarnOrError() throws Exception {
        configure(Scenario.GATED, 8, "DROP_BELOW_WARN");
        TestSink gated = holdConsumer();
        logMany(EventLevel.DEBUG, 7);
        logMany(EventLevel.INFO, 5);
        Thread warner = new Thread(() -> harness.log(EventLevel.WARN, "warn"));
        Thread errorer = new Thread(() -> harness.log(EventLevel.ERROR, "error"));
        warner.start();
        errorer.start();
        TestThreads.awaitParked(warner);
        TestThreads.awaitParked(errorer);

        gated.open();
        warner.join(10_000);
        errorer.join(10_000);
        harness.shutdown();
        assertThat(gated.records()).contains("|warn", "|error").hasSize(10);
        PipelineStats stats = harness.stats();
        assertThat(stats.dropped(EventLevel.INFO)).isEqualTo(5);
        assertThat(stats.dropped(EventLevel.WARN) + stats.dropped(EventLevel.ERROR)).isZero();
        assertAccounting(stats, 15);
    }

    @Test
    void discardingThresholdKeepsHeadroomForWarnAndError() throws Exception {
        Map<String, String> properties = settings(16, "BLOCK");
        properties.put(Scenario.THRESHOLD, "4");
        harness.configure(Scenario.GATED, properties);
        TestSink gated = holdConsumer();
        logMany(EventLevel.INFO, 20);
        logMany(EventLevel.WARN, 4);

        PipelineStats stats = harness.stats();
        assertThat(stats.dropped(EventLevel.INFO)).isEqualTo(9);
        assertThat(stats.dropped(EventLevel.WARN)).isZero();
        gated.open();
        harness.shutdown();
        assertThat(gated.records()).hasSize(16);
    }

    @Test
    void maxBlockTimeBoundsTheWaitThenDropsAndCounts() throws Exception {
        Map<String, String> properties = settings(4, "BLOCK");
        properties.put(Scenario.MAX_BLOCK_TIME, "100");
        harness.configure(Scenario.GATED, properties);
        holdConsumer();
        logMany(EventLevel.INFO, 3);

        long begin = System.nanoTime();
        harness.log(EventLevel.ERROR, "waits then is dropped");
        assertThat(System.nanoTime() - begin).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
        assertThat(harness.stats().dropped(EventLevel.ERROR)).isEqualTo(1);
    }

    @Test
    void shutdownDrainsEverythingQueuedIntoTheFile() throws Exception {
        configure(Scenario.FILE, 8192, "BLOCK");
        logMany(EventLevel.INFO, 5_000);
        harness.shutdown();
        assertThat(fileLines()).hasSize(5_000);
        assertThat(harness.stats().delivered()).isEqualTo(5_000);
    }

    @Test
    void aBufferedFileIsCurrentWithinASecondWhileTheContextKeepsRunning() throws Exception {
        configure(Scenario.BUFFERED_FILE, 64, "BLOCK");
        logMany(EventLevel.INFO, 10);
        // Ten short lines never fill the child's buffer: only a flush at the end of the batch puts them on disk.
        await().atMost(Duration.ofSeconds(1)).until(() -> fileLines().size() == 10);
        assertThat(fileLines()).last().asString().endsWith("|INFO-9");
        assertThat(harness.stats().delivered()).isEqualTo(10);

        harness.shutdown();
        assertThat(fileLines()).as("each line written once").hasSize(10);
    }

    @Test
    void aDrainThatHitsItsBoundReportsTheExactNumberLost() throws Exception {
        Map<String, String> properties = settings(8, "BLOCK");
        properties.put(Scenario.DRAIN_TIMEOUT, "200");
        harness.configure(Scenario.GATED, properties);
        holdConsumer();
        logMany(EventLevel.INFO, 5);

        harness.stopAppender();
        assertThat(String.join("\n", harness.statusMessages()))
                .contains("could not deliver 5 events")
                .contains("one more is still inside a downstream appender");
    }

    @Test
    void aFailingDownstreamAppenderIsCountedReportedAndDoesNotStarveTheOther() throws Exception {
        configure(Scenario.FAILING, 64, "BLOCK");
        for (int i = 0; i < 10; i++) {
            harness.log(EventLevel.INFO, i == 3 || i == 6 ? "boom " + i : i == 8 ? "fatal-error " + i : "fine " + i);
        }
        harness.shutdown();

        assertThat(fileLines()).hasSize(10);
        assertThat(harness.stats().failed()).isEqualTo(3);
        assertThat(harness.stats().delivered()).isEqualTo(7);
        assertThat(String.join("\n", harness.statusMessages())).contains("a downstream appender threw");
    }

    @Test
    void loggingFromADownstreamAppenderNeverDeadlocks() throws Exception {
        configure(Scenario.REENTRANT, 8, "BLOCK");
        harness.log(EventLevel.INFO, "trigger");
        await().atMost(Duration.ofSeconds(20)).until(() -> harness.stats().received() == 51);
        harness.shutdown();
        PipelineStats stats = harness.stats();
        assertThat(TestSinks.get("REENTRANT").records()).contains("trigger");
        assertThat(TestSinks.get("REENTRANT").records()).hasSize((int) stats.delivered());
        assertAccounting(stats, 51);
    }

    @Test
    void anInterruptedCallerKeepsItsEventAndItsInterruptFlag() throws Exception {
        configure(Scenario.GATED, 2, "BLOCK");
        TestSink gated = holdConsumer();
        harness.log(EventLevel.INFO, "fills");
        AtomicBoolean flagAfter = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            harness.log(EventLevel.INFO, "interrupted");
            flagAfter.set(Thread.currentThread().isInterrupted());
        });
        caller.start();
        TestThreads.awaitParked(caller);
        caller.interrupt();
        TestThreads.awaitParked(caller);

        gated.open();
        caller.join(10_000);
        assertThat(flagAfter).isTrue();
        harness.shutdown();
        assertThat(gated.records()).contains("|interrupted");
    }

    @Test
    void theAppenderCanBeStoppedAndStartedAgain() throws Exception {
        configure(Scenario.FILE, 64, "BLOCK");
        harness.log(EventLevel.INFO, "before");
        harness.stopAppender();
        harness.startAppender();
        harness.log(EventLevel.INFO, "after");
        harness.shutdown();
        assertThat(fileLines()).hasSize(2);
        assertThat(fileLines().get(0)).endsWith("|before");
        assertThat(fileLines().get(1)).endsWith("|after");
    }

    @Test
    void aQueueSizeOfZeroIsAClearConfigurationError() throws Exception {
        configure(Scenario.BAD_QUEUE_SIZE, 0, "BLOCK");
        harness.log(EventLevel.INFO, "not a crash");
        // Each adapter names the size in its framework's vocabulary (queueSize, bufferSize).
        assertThat(String.join("\n", harness.statusMessages())).containsIgnoringCase("size must be between 1 and");
    }

    @Test
    void anUnknownPolicyIsAClearConfigurationError() throws Exception {
        configure(Scenario.BAD_POLICY, 64, "SOMETIMES");
        harness.log(EventLevel.INFO, "not a crash");
        assertThat(String.join("\n", harness.statusMessages())).contains("SOMETIMES").contains("BLOCK, DROP_BELOW_WARN, DROP_ALL");
    }

    @Test
    void anAppenderWithoutAnyReferenceIsAClearConfigurationError() throws Exception {
        configure(Scenario.NO_APPENDER_REF, 64, "BLOCK");
        harness.log(EventLevel.INFO, "not a crash");
        assertThat(String.join("\n", harness.statusMessages())).containsIgnoringCase("no appender");
    }

    @Test
    void contextAndMutableArgumentsAreCapturedAtCallTime() throws Exception {
        configure(Scenario.GATED, 16, "BLOCK");
        TestSink gated = holdConsumer();
        StringBuilder mutable = new StringBuilder("original");
        harness.putContext("user", "alice");
        harness.log(EventLevel.INFO, "value {}", mutable);
        mutable.setLength(0);
        mutable.append("changed later");
        harness.putContext("user", "bob");
        gated.open();
        harness.shutdown();
        harness.putContext("user", null);
        assertThat(gated.records()).contains("alice|value original");
    }

    @Test
    void callerDataNamesTheLoggingMethod() throws Exception {
        configure(Scenario.CALLER, 64, "BLOCK");
        callerDataNamesTheLoggingMethodHelper();
        harness.shutdown();
        assertThat(fileLines()).containsExactly("callerDataNamesTheLoggingMethodHelper|where am I");
    }

    private void callerDataNamesTheLoggingMethodHelper() {
        harness.log(EventLevel.INFO, "where am I");
    }

    @Test
    void countersArePublishedOverJmxWhileTheAppenderRuns() throws Exception {
        configure(Scenario.FILE, 64, "BLOCK");
        logMany(EventLevel.INFO, 10);
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName(AsyncAppenderMBeans.objectName(harness.framework(), harness.contextName(), "ASYNC"));
        await().atMost(Duration.ofSeconds(10)).until(() -> server.isRegistered(name)
                && Long.valueOf(10).equals(server.getAttribute(name, "Delivered")));
        assertThat(server.getAttribute(name, "Capacity")).isEqualTo(64);
        assertThat(server.getAttribute(name, "Enqueued")).isEqualTo(10L);
        harness.shutdown();
        assertThat(server.isRegistered(name)).isFalse();
    }

    @Test
    void blockedCallersOfAFullQueueGetInWhenItDrains() throws Exception {
        configure(Scenario.GATED, 4, "BLOCK");
        TestSink gated = holdConsumer();
        logMany(EventLevel.INFO, 3);
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String message = "blocked " + i;
            Thread caller = new Thread(() -> harness.log(EventLevel.INFO, message));
            caller.start();
            callers.add(caller);
        }
        callers.forEach(TestThreads::awaitParked);
        assertThat(harness.stats().received()).as("the blocked callers are not counted yet").isEqualTo(4);
        gated.open();
        for (Thread caller : callers) {
            caller.join(10_000);
        }
        harness.shutdown();
        assertThat(gated.records()).hasSize(8);
        assertThat(harness.stats().dropped()).isZero();
    }
}
