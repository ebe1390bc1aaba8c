package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import io.ringlog.contract.Accounting;
import io.ringlog.contract.TestThreads;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Exact accounting of each full-queue policy. Every scenario uses a ring of 8 in front of a closed
 * {@link GateAppender}: the first event is held in the gate (its slot stays taken), so exactly 7 more fit.
 */
class FullQueuePolicyIT {

    /** Logs "first" and waits until the consumer holds it in the gate: 7 free slots remain. */
    private static GateAppender holdFirst(LogbackFixture logback, Logger log) {
        GateAppender gate = logback.child("GATE");
        log.info("first");
        await().atMost(10, TimeUnit.SECONDS).until(() -> gate.arrivals() == 1);
        return gate;
    }

    @ParameterizedTest
    @ValueSource(strings = {"policy-drop-all", "policy-never-block"})
    void dropAllDropsExactlyWhatDoesNotFit(String scenario) {
        try (LogbackFixture logback = new LogbackFixture(scenario).configure(scenario)) {
            RingAsyncAppender ring = logback.ring();
            Logger log = logback.logger("app");
            GateAppender gate = holdFirst(logback, log);
            for (int i = 0; i < 20; i++) {
                log.info("info {}", i);
            }
            log.warn("warn");
            log.error("error");

            PipelineStats full = ring.getStats();
            assertThat(full.capacity()).isEqualTo(8);
            assertThat(full.enqueued()).isEqualTo(8);
            assertThat(full.dropped(EventLevel.INFO)).isEqualTo(13);
            assertThat(full.dropped(EventLevel.WARN)).isEqualTo(1);
            assertThat(full.dropped(EventLevel.ERROR)).isEqualTo(1);
            Accounting.assertAccounted(full, 23);

            gate.open();
            await().until(() -> ring.getStats().delivered() == 8);
            assertThat(gate.messages()).containsExactly("first", "info 0", "info 1", "info 2", "info 3", "info 4", "info 5", "info 6");
            Accounting.assertAccounted(ring.getStats(), 23);
        }
    }

    @Test
    void dropBelowWarnNeverDropsWarnOrError() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("drop-below-warn").configure("policy-drop-below-warn")) {
            RingAsyncAppender ring = logback.ring();
            Logger log = logback.logger("app");
            GateAppender gate = holdFirst(logback, log);
            for (int i = 0; i < 12; i++) {
                log.info("info {}", i);
            }
            log.debug("debug");
            Thread warner = TestThreads.startThread("warner", () -> log.warn("warn"));
            Thread failer = TestThreads.startThread("failer", () -> log.error("error"));
            TestThreads.awaitParked(warner);
            TestThreads.awaitParked(failer);

            PipelineStats full = ring.getStats();
            assertThat(full.enqueued()).isEqualTo(8);
            assertThat(full.dropped(EventLevel.INFO)).isEqualTo(5);
            assertThat(full.dropped(EventLevel.DEBUG)).isEqualTo(1);
            assertThat(full.dropped(EventLevel.WARN) + full.dropped(EventLevel.ERROR)).isZero();

            gate.open();
            warner.join();
            failer.join();
            await().until(() -> ring.getStats().delivered() == 10);
            assertThat(gate.messages()).contains("warn", "error").hasSize(10);
            PipelineStats after = ring.getStats();
            assertThat(after.dropped(EventLevel.WARN) + after.dropped(EventLevel.ERROR)).isZero();
            Accounting.assertAccounted(after, 16);
        }
    }

    @Test
    void discardingThresholdDropsBelowWarnOnceFreeSlotsFallToIt() {
        try (LogbackFixture logback = new LogbackFixture("threshold").configure("discarding-threshold")) {
            RingAsyncAppender ring = logback.ring();
            Logger log = logback.logger("app");
            GateAppender gate = holdFirst(logback, log);
            for (int i = 0; i < 10; i++) {
                log.info("info {}", i);
            }
            log.warn("warn 0");
            log.warn("warn 1");

            PipelineStats stats = ring.getStats();
            assertThat(stats.enqueued()).as("7 free: 5 INFO until 2 are free, then the 2 WARN").isEqualTo(8);
            assertThat(stats.dropped(EventLevel.INFO)).isEqualTo(5);
            assertThat(stats.dropped(EventLevel.WARN)).isZero();

            gate.open();
            await().until(() -> ring.getStats().delivered() == 8);
            assertThat(gate.messages()).containsExactly("first", "info 0", "info 1", "info 2", "info 3", "info 4", "warn 0", "warn 1");
            Accounting.assertAccounted(ring.getStats(), 13);
        }
    }

    @Test
    void maxBlockTimeBoundsTheWaitThenDropsAndCounts() {
        try (LogbackFixture logback = new LogbackFixture("max-block").configure("max-block-time")) {
            RingAsyncAppender ring = logback.ring();
            Logger log = logback.logger("app");
            GateAppender gate = holdFirst(logback, log);
            for (int i = 0; i < 7; i++) {
                log.info("info {}", i);
            }
            long begin = System.nanoTime();
            log.error("waits 150 ms, then is dropped");
            long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);

            assertThat(waitedMillis).isBetween(140L, 5_000L);
            PipelineStats stats = ring.getStats();
            assertThat(stats.enqueued()).isEqualTo(8);
            assertThat(stats.dropped(EventLevel.ERROR)).isEqualTo(1);
            assertThat(stats.dropped()).isEqualTo(1);

            gate.open();
            await().until(() -> ring.getStats().delivered() == 8);
            Accounting.assertAccounted(ring.getStats(), 9);
        }
    }

    @Test
    void anInterruptedCallerUnderBlockKeepsItsEventAndItsInterrupt() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("interrupt").configure("block-gated")) {
            RingAsyncAppender ring = logback.ring();
            Logger log = logback.logger("app");
            GateAppender gate = holdFirst(logback, log);
            for (int i = 0; i < 7; i++) {
                log.info("info {}", i);
            }
            AtomicBoolean selfInterruptedKept = new AtomicBoolean();
            AtomicBoolean interruptedWhileWaitingKept = new AtomicBoolean();
            Thread selfInterrupted = TestThreads.startThread("self-interrupted", () -> {
                Thread.currentThread().interrupt();
                log.info("kept a");
                selfInterruptedKept.set(Thread.currentThread().isInterrupted());
            });
            Thread waiting = TestThreads.startThread("interrupted-while-waiting", () -> {
                log.info("kept b");
                interruptedWhileWaitingKept.set(Thread.currentThread().isInterrupted());
            });
            TestThreads.awaitParked(selfInterrupted);
            TestThreads.awaitParked(waiting);
            waiting.interrupt();
            assertThat(ring.getStats().enqueued()).isEqualTo(8);

            gate.open();
            selfInterrupted.join();
            waiting.join();
            await().until(() -> ring.getStats().delivered() == 10);
            assertThat(gate.messages()).contains("kept a", "kept b");
            assertThat(selfInterruptedKept).isTrue();
            assertThat(interruptedWhileWaitingKept).isTrue();
            Accounting.assertAccounted(ring.getStats(), 10);
            assertThat(ring.getStats().dropped()).isZero();
        }
    }

    @Test
    void countersAddUpAfterStopUnderConcurrentDropping() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("drop-all-concurrent").configure("policy-drop-all")) {
            RingAsyncAppender ring = logback.ring();
            Logger log = logback.logger("app");
            GateAppender gate = logback.child("GATE");
            gate.open();
            List<Thread> producers = new ArrayList<>();
            for (int p = 0; p < 3; p++) {
                producers.add(TestThreads.startThread("producer-" + p, () -> {
                    for (int i = 0; i < 5_000; i++) {
                        log.info("event {}", i);
                    }
                }));
            }
            for (Thread producer : producers) {
                producer.join();
            }
            ring.stop();
            PipelineStats stats = ring.getStats();
            Accounting.assertAccounted(stats, 15_000);
            assertThat(stats.queueSize()).isZero();
            assertThat(stats.delivered()).isEqualTo(stats.enqueued()).isEqualTo(gate.received().size());
        }
    }
}
