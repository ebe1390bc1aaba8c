package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.TestThreads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The pipeline's contract, path by path, with exact counts. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AsyncPipelineTest {
    private final StartedPipelines pipelines = new StartedPipelines();
    private final RecordingSink sink = pipelines.sink;
    private final RecordingStatus status = pipelines.status;

    @AfterEach
    void stopAll() {
        pipelines.stopAll();
    }

    private AsyncPipeline<TestSlot> start(PipelineSettings.Builder settings) {
        return pipelines.start(settings);
    }

    private static PipelineSettings.Builder settings(int capacity) {
        return PipelineSettings.builder("test").capacity(capacity);
    }

    private static boolean offer(AsyncPipeline<TestSlot> pipeline, EventLevel level, String message) {
        return pipeline.offer(level, TestEvent.of(level, message), TestSlot.WRITER);
    }

    /** Holds the consumer inside the delivery of one event, so that exactly capacity - 1 slots are free. */
    private void holdConsumer(AsyncPipeline<TestSlot> pipeline) throws InterruptedException {
        sink.closed();
        assertThat(offer(pipeline, EventLevel.INFO, "held")).isTrue();
        assertThat(sink.firstDeliveryStarted.await(10, TimeUnit.SECONDS)).isTrue();
    }

    private static int offerMany(AsyncPipeline<TestSlot> pipeline, EventLevel level, int count) {
        int accepted = 0;
        for (int i = 0; i < count; i++) {
            if (offer(pipeline, level, level + "-" + i)) {
                accepted++;
            }
        }
        return accepted;
    }

    private static void assertAccounting(PipelineStats stats, long received) {
        assertThat(stats.received()).as("every event counted once: " + stats).isEqualTo(received);
        assertThat(stats.delivered() + stats.failed() + stats.queueSize()).as(stats.toString()).isEqualTo(stats.enqueued());
    }

    /**
     * A downstream appender that logs while the pipeline drains (a stop in progress): its events are still queued and
     * delivered by the drain, not refused (which Log4j2's adapter turned into a delivery on the consumer thread that
     * re-entered the very target that was logging).
     */
    @Test
    void eventsTheConsumerOffersWhileDrainingAreDeliveredByTheDrain() throws Exception {
        AtomicReference<AsyncPipeline<TestSlot>> self = new AtomicReference<>();
        List<Boolean> echoesAccepted = new java.util.concurrent.CopyOnWriteArrayList<>();
        sink.onDeliver(slot -> {
            if (slot.message.startsWith("m")) {
                echoesAccepted.add(offer(self.get(), EventLevel.INFO, "echo " + slot.message));
            }
        });
        AsyncPipeline<TestSlot> pipeline = start(settings(16));
        self.set(pipeline);
        holdConsumer(pipeline); // "held" is inside the sink
        for (int i = 0; i < 3; i++) {
            assertThat(offer(pipeline, EventLevel.INFO, "m" + i)).isTrue();
        }
        CompletableFuture<StopReport> stopped = CompletableFuture.supplyAsync(pipeline::stop);
        await().until(() -> !pipeline.isRunning());
        sink.open();

        assertThat(stopped.get(10, TimeUnit.SECONDS).drained()).isTrue();
        assertThat(echoesAccepted).containsExactly(true, true, true);
        assertThat(sink.delivered).containsExactly("held", "m0", "m1", "m2", "echo m0", "echo m1", "echo m2");
        assertAccounting(pipeline.stats(), 7);
        assertThat(pipeline.stats().dropped()).isZero();
    }

    @Test
    void deliversEveryEventInOrderOnANamedDaemonThread() {
        AtomicReference<Thread> consumer = new AtomicReference<>();
        sink.onDeliver(slot -> consumer.set(Thread.currentThread()));
        AsyncPipeline<TestSlot> pipeline = start(settings(16));
        for (int i = 0; i < 1000; i++) {
            assertThat(offer(pipeline, EventLevel.INFO, "m" + i)).isTrue();
        }
        StopReport report = pipeline.stop();

        assertThat(report.drained()).isTrue();
        assertThat(report.undelivered()).isZero();
        assertThat(sink.delivered).hasSize(1000);
        for (int i = 0; i < 1000; i++) {
            assertThat(sink.delivered.get(i)).isEqualTo("m" + i);
        }
        assertThat(consumer.get().getName()).isEqualTo("ringlog-test");
        assertThat(consumer.get().isDaemon()).isTrue();
        assertThat(sink.cleared).hasValue(1000);
        PipelineStats stats = pipeline.stats();
        assertThat(stats.delivered()).isEqualTo(1000);
        assertThat(stats.queueSize()).isZero();
        assertAccounting(stats, 1000);
    }

    @Test
    void capacityIsRoundedUpToAPowerOfTwo() {
        assertThat(settings(1000).build().capacity()).isEqualTo(1024);
        assertThat(settings(1024).build().capacity()).isEqualTo(1024);
        assertThat(settings(1).build().capacity()).isEqualTo(1);
        assertThat(start(settings(3)).stats().capacity()).isEqualTo(4);
    }

    @Test
    void blockIsLosslessAndKeepsPerProducerOrderUnderContention() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(64));
        int producers = 4;
        int perProducer = 25_000;
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            threads.add(new Thread(() -> {
                for (int i = 0; i < perProducer; i++) {
                    pipeline.offer(EventLevel.INFO, TestEvent.of(producer, i), TestSlot.WRITER);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        pipeline.stop();

        assertThat(sink.delivered).hasSize(producers * perProducer);
        long[] nextExpected = new long[producers];
        for (String message : sink.delivered) {
            int producer = Integer.parseInt(message.substring(0, message.indexOf(':')));
            long index = Long.parseLong(message.substring(message.indexOf(':') + 1));
            assertThat(index).as("order of producer " + producer).isEqualTo(nextExpected[producer]);
            nextExpected[producer]++;
        }
        PipelineStats stats = pipeline.stats();
        assertThat(stats.dropped()).isZero();
        assertAccounting(stats, producers * perProducer);
    }

    @Test
    void dropAllDropsExactlyWhatDoesNotFit() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(8).fullQueuePolicy(FullQueuePolicy.DROP_ALL));
        holdConsumer(pipeline);

        assertThat(offerMany(pipeline, EventLevel.INFO, 10)).isEqualTo(7);
        assertThat(offerMany(pipeline, EventLevel.ERROR, 3)).isZero();

        PipelineStats full = pipeline.stats();
        assertThat(full.enqueued()).isEqualTo(8);
        assertThat(full.dropped(EventLevel.INFO)).isEqualTo(3);
        assertThat(full.dropped(EventLevel.ERROR)).isEqualTo(3);
        assertThat(full.dropped(DropReason.QUEUE_FULL)).isEqualTo(6);
        assertThat(full.dropped(EventLevel.ERROR, DropReason.QUEUE_FULL)).isEqualTo(3);
        assertThat(full.queueSize()).isEqualTo(8);
        assertThat(full.callersBlocked()).as("a drop is not a wait").isZero();
        assertThat(pipeline.hasFailed()).as("drops are no failure of the pipeline").isFalse();
        assertThat(full.callersBlockedNanos()).isZero();
        sink.open();
        pipeline.stop();
        assertThat(sink.delivered).hasSize(8);
        assertAccounting(pipeline.stats(), 14);
    }

    @Test
    void dropBelowWarnDropsInfoAtOnceAndMakesWarnAndErrorWait() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(8).fullQueuePolicy(FullQueuePolicy.DROP_BELOW_WARN));
        holdConsumer(pipeline);
        assertThat(offerMany(pipeline, EventLevel.DEBUG, 7)).isEqualTo(7);
        assertThat(offerMany(pipeline, EventLevel.INFO, 5)).isZero();

        CompletableFuture<Boolean> warn = new CompletableFuture<>();
        CompletableFuture<Boolean> error = new CompletableFuture<>();
        Thread warner = new Thread(() -> warn.complete(offer(pipeline, EventLevel.WARN, "warn")));
        Thread errorer = new Thread(() -> error.complete(offer(pipeline, EventLevel.ERROR, "error")));
        warner.start();
        errorer.start();
        TestThreads.awaitParked(warner);
        TestThreads.awaitParked(errorer);
        assertThat(warn).isNotDone();
        assertThat(error).isNotDone();

        sink.open();
        assertThat(warn.get(10, TimeUnit.SECONDS)).isTrue();
        assertThat(error.get(10, TimeUnit.SECONDS)).isTrue();
        pipeline.stop();
        assertThat(sink.delivered).contains("warn", "error").hasSize(10);
        PipelineStats stats = pipeline.stats();
        assertThat(stats.dropped(EventLevel.INFO)).isEqualTo(5);
        assertThat(stats.dropped(EventLevel.INFO, DropReason.QUEUE_FULL)).isEqualTo(5);
        assertThat(stats.dropped(EventLevel.WARN)).isZero();
        assertThat(stats.dropped(EventLevel.ERROR)).isZero();
        assertThat(stats.callersBlocked()).as("WARN and ERROR waited; INFO was dropped at once").isEqualTo(2);
        assertThat(stats.callersBlockedNanos()).isPositive();
        assertAccounting(stats, 15);
    }

    @Test
    void discardingThresholdKeepsHeadroomForWarnAndError() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(16).discardingThreshold(4));
        holdConsumer(pipeline);

        assertThat(offerMany(pipeline, EventLevel.INFO, 20)).as("INFO accepted while more than 4 slots are free").isEqualTo(11);
        assertThat(offerMany(pipeline, EventLevel.WARN, 4)).as("WARN uses the headroom").isEqualTo(4);
        assertThat(pipeline.stats().dropped(EventLevel.INFO)).isEqualTo(9);
        assertThat(pipeline.stats().dropped(EventLevel.INFO, DropReason.DISCARDING_THRESHOLD)).isEqualTo(9);
        assertThat(pipeline.stats().dropped(DropReason.QUEUE_FULL)).isZero();
        sink.open();
        pipeline.stop();
        assertThat(sink.delivered).hasSize(16);
        assertAccounting(pipeline.stats(), 25);
    }

    @Test
    void maxBlockTimeBoundsTheWaitThenDropsAndCounts() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(4).maxBlockTime(100, TimeUnit.MILLISECONDS));
        holdConsumer(pipeline);
        assertThat(offerMany(pipeline, EventLevel.INFO, 3)).isEqualTo(3);

        long begin = System.nanoTime();
        assertThat(offer(pipeline, EventLevel.ERROR, "late")).isFalse();
        assertThat(System.nanoTime() - begin).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
        PipelineStats stats = pipeline.stats();
        assertThat(stats.dropped(EventLevel.ERROR)).isEqualTo(1);
        assertThat(stats.dropped(EventLevel.ERROR, DropReason.BLOCK_TIME_EXCEEDED)).as("it waited: not a plain full queue").isEqualTo(1);
        assertThat(stats.dropped(DropReason.QUEUE_FULL)).isZero();
        assertThat(stats.callersBlocked()).isEqualTo(1);
        assertThat(stats.callersBlockedNanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
        assertThat(stats.toString()).contains("callersBlocked=1, callersBlockedNanos=");
    }

    @Test
    void stopDeliversEventsOfCallersThatWereBlockedWhenItBegan() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(4).drainTimeoutMillis(0));
        holdConsumer(pipeline);
        assertThat(offerMany(pipeline, EventLevel.INFO, 3)).isEqualTo(3);
        List<CompletableFuture<Boolean>> blocked = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            CompletableFuture<Boolean> result = new CompletableFuture<>();
            String message = "blocked-" + i;
            Thread thread = new Thread(() -> result.complete(offer(pipeline, EventLevel.INFO, message)));
            thread.start();
            threads.add(thread);
            blocked.add(result);
        }
        threads.forEach(TestThreads::awaitParked);

        CompletableFuture<StopReport> stop = CompletableFuture.supplyAsync(pipeline::stop);
        await().atMost(Duration.ofSeconds(10)).until(() -> !pipeline.isRunning());
        assertThat(offer(pipeline, EventLevel.INFO, "after stop began")).isFalse();
        sink.open();

        StopReport report = stop.get(10, TimeUnit.SECONDS);
        assertThat(report.drained()).isTrue();
        for (CompletableFuture<Boolean> result : blocked) {
            assertThat(result.get(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(sink.delivered).contains("blocked-0", "blocked-1", "blocked-2").hasSize(7);
        assertAccounting(pipeline.stats(), 8);
        assertThat(pipeline.stats().dropped()).isEqualTo(1);
    }

    @Test
    void stopWithinItsBoundReportsTheExactNumberLost() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(8).drainTimeoutMillis(200));
        holdConsumer(pipeline);
        assertThat(offerMany(pipeline, EventLevel.INFO, 5)).isEqualTo(5);

        long begin = System.nanoTime();
        StopReport report = pipeline.stop();

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin)).isBetween(190L, 5_000L);
        assertThat(report.drained()).isFalse();
        assertThat(report.undelivered()).isEqualTo(5);
        assertThat(report.deliveryInFlight()).isTrue();
        assertThat(String.join("\n", status.errors)).contains("could not deliver 5 events within its drain timeout of 200 ms; "
                + "they are lost, and one more is still inside a downstream appender that has not returned");
        assertThat(pipeline.stop()).isSameAs(report);
        sink.open();
        await().atMost(Duration.ofSeconds(10)).until(() -> pipeline.stats().delivered() == 1);
        assertThat(pipeline.stats().queueSize()).as("exactly what the report called lost").isEqualTo(5);
    }

    @Test
    void stopIsIdempotentAcrossConcurrentCallers() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(64));
        offerMany(pipeline, EventLevel.INFO, 100);
        CompletableFuture<StopReport> first = CompletableFuture.supplyAsync(pipeline::stop);
        CompletableFuture<StopReport> second = CompletableFuture.supplyAsync(pipeline::stop);
        assertThat(first.get(10, TimeUnit.SECONDS)).isSameAs(second.get(10, TimeUnit.SECONDS));
        assertThat(sink.delivered).hasSize(100);
    }

    @Test
    void aPipelineStartsOnce() {
        AsyncPipeline<TestSlot> pipeline = start(settings(8));
        assertThatThrownBy(pipeline::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("already started");
    }

    @Test
    void eventsOfferedBeforeStartOrAfterStopAreDroppedAndCounted() {
        AsyncPipeline<TestSlot> pipeline = AsyncPipeline.create(settings(8).drainOnJvmExit(false).build(), TestSlot::new, sink, status);
        assertThat(offer(pipeline, EventLevel.WARN, "early")).isFalse();
        pipeline.start();
        pipeline.stop();
        assertThat(offer(pipeline, EventLevel.ERROR, "late")).isFalse();
        PipelineStats stats = pipeline.stats();
        assertThat(stats.dropped(EventLevel.WARN)).isEqualTo(1);
        assertThat(stats.dropped(EventLevel.ERROR)).isEqualTo(1);
        assertThat(stats.dropped(DropReason.AFTER_STOP)).isEqualTo(2);
        assertThat(stats.enqueued()).isZero();
        // The drop after the stop is summarised with its real cause, not as a full queue.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(status.allWarnings())
                .contains("dropped 1 event (1 of them WARN or ERROR) in the last")
                .contains("that arrived after it stopped accepting events, because it was not running (stopped, or not started yet)"));
        assertThat(status.warnings).noneMatch(w -> w.contains("because it was not running") && w.contains("fullQueuePolicy"));
    }

    @Test
    void downstreamExceptionsAndErrorsAreCountedReportedAndSurvived() {
        sink.onDeliver(slot -> {
            if (slot.message.endsWith("3")) {
                throw new IllegalStateException("disk on fire");
            }
            if (slot.message.endsWith("7")) {
                throw new AssertionError("an Error, not an Exception");
            }
        });
        AsyncPipeline<TestSlot> pipeline = start(settings(16).reportIntervalMillis(20));
        offerMany(pipeline, EventLevel.INFO, 100);
        pipeline.stop();

        PipelineStats stats = pipeline.stats();
        assertThat(stats.failed()).isEqualTo(20);
        assertThat(stats.delivered()).isEqualTo(80);
        assertThat(sink.delivered).hasSize(80);
        assertThat(status.errors).isNotEmpty();
        assertThat(status.errors.get(0)).contains("a downstream appender threw");
        assertThat(status.causes.get(0)).hasMessage("disk on fire");
        assertAccounting(stats, 100);
    }

    @Test
    void aStatusChannelThatThrowsWhileReportingADownstreamFailureDoesNotEndTheConsumer() {
        status.errorsThrow = true;
        sink.onDeliver(slot -> {
            if (slot.message.endsWith("-3")) {
                throw new IllegalStateException("disk on fire");
            }
        });
        AsyncPipeline<TestSlot> pipeline = start(settings(16));
        offerMany(pipeline, EventLevel.INFO, 10);
        StopReport report = pipeline.stop();

        assertThat(report.drained()).isTrue();
        assertThat(sink.delivered).hasSize(9).doesNotContain("INFO-3");
        PipelineStats stats = pipeline.stats();
        assertThat(stats.failed()).isEqualTo(1);
        assertThat(stats.delivered()).isEqualTo(9);
        assertThat(stats.queueSize()).isZero();
        assertThat(stats.dropped()).isZero();
        assertAccounting(stats, 10);
        assertThat(status.errors).noneMatch(error -> error.contains("consumer thread failed"));
    }

    @Test
    void aStatusChannelThatThrowsDoesNotBreakAnAbandonedStop() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(2).drainTimeoutMillis(200));
        holdConsumer(pipeline);
        offer(pipeline, EventLevel.INFO, "fills");
        Thread caller = TestThreads.startThread("waiting", () -> offer(pipeline, EventLevel.INFO, "waits"));
        TestThreads.awaitParked(caller);
        status.errorsThrow = true;

        StopReport report = pipeline.stop();
        caller.join(10_000);

        assertThat(report.drained()).isFalse();
        assertThat(report.undelivered()).isEqualTo(1);
        assertThat(caller.isAlive()).as("the waiting caller was released").isFalse();
        assertThat(status.errors).anyMatch(error -> error.contains("could not deliver 1 event within its drain timeout"));
        assertThat(pipeline.stop()).isSameAs(report);
        assertAccounting(pipeline.stats(), 3);
    }

    @Test
    void aConsumerThreadThatCannotStartLeavesAStoppedPipelineThatCountsWhatItRefuses() {
        PipelineSettings settings = settings(8).threadFactory(task -> new Thread(task) {
            @Override
            public synchronized void start() {
                throw new OutOfMemoryError("unable to create native thread: possibly out of memory (simulated)");
            }
        }).build();
        AsyncPipeline<TestSlot> pipeline = AsyncPipeline.create(settings, TestSlot::new, sink, status);

        assertThatThrownBy(pipeline::start).isInstanceOf(IllegalStateException.class)
                .hasMessage("Ringlog pipeline 'test' could not start its consumer thread")
                .hasCauseInstanceOf(OutOfMemoryError.class);
        assertThat(offer(pipeline, EventLevel.INFO, "refused")).isFalse();
        assertThat(pipeline.stats().dropped()).isEqualTo(1);
        StopReport report = pipeline.stop();
        assertThat(report.undelivered()).isZero();
        assertThat(sink.delivered).isEmpty();
    }

    @Test
    void aSlotWriterThatThrowsFailsTheCallerButNotThePipeline() {
        AsyncPipeline<TestSlot> pipeline = start(settings(8));
        assertThatThrownBy(() -> pipeline.offer(EventLevel.INFO, new TestEvent(EventLevel.INFO, "bad", 0, 0, true), TestSlot.WRITER))
                .hasMessageContaining("copy failed");
        assertThat(offer(pipeline, EventLevel.INFO, "good")).isTrue();
        pipeline.stop();
        assertThat(sink.delivered).containsExactly("good");
        assertThat(pipeline.stats().failed()).isEqualTo(1);
        assertAccounting(pipeline.stats(), 2);
    }

    @Test
    void theConsumerNeverBlocksOnItsOwnFullRing() throws Exception {
        AtomicInteger recursiveAccepted = new AtomicInteger();
        AtomicReference<AsyncPipeline<TestSlot>> self = new AtomicReference<>();
        java.util.concurrent.CountDownLatch recursionDone = new java.util.concurrent.CountDownLatch(1);
        sink.onDeliver(slot -> {
            if (slot.message.equals("trigger")) {
                for (int i = 0; i < 50; i++) {
                    if (offer(self.get(), EventLevel.ERROR, "recursive-" + i)) {
                        recursiveAccepted.incrementAndGet();
                    }
                }
                recursionDone.countDown();
            }
        });
        AsyncPipeline<TestSlot> pipeline = start(settings(8));
        self.set(pipeline);
        offer(pipeline, EventLevel.INFO, "trigger");
        assertThat(recursionDone.await(10, TimeUnit.SECONDS)).as("the consumer did not block on its own ring").isTrue();
        pipeline.stop();

        assertThat(recursiveAccepted.get()).as("the ring holds 7 more while the trigger is delivered").isEqualTo(7);
        assertThat(pipeline.stats().dropped(EventLevel.ERROR)).isEqualTo(43);
        assertThat(sink.delivered).hasSize(8);
        assertAccounting(pipeline.stats(), 51);
    }

    @Test
    void anInterruptedBlockedCallerKeepsItsEventAndItsInterruptFlag() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(2));
        holdConsumer(pipeline);
        assertThat(offer(pipeline, EventLevel.INFO, "fills")).isTrue();
        CompletableFuture<Boolean> accepted = new CompletableFuture<>();
        AtomicBoolean flagAfter = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            accepted.complete(offer(pipeline, EventLevel.INFO, "interrupted"));
            flagAfter.set(Thread.currentThread().isInterrupted());
        });
        caller.start();
        TestThreads.awaitParked(caller);
        caller.interrupt();
        TestThreads.awaitParked(caller);
        assertThat(accepted).isNotDone();

        sink.open();
        caller.join(10_000);
        assertThat(accepted.get()).isTrue();
        assertThat(flagAfter).isTrue();
        pipeline.stop();
        assertThat(sink.delivered).contains("interrupted");
    }

    @Test
    void endOfBatchMarksTheLastEventOfEachBatchAndEveryError() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(16));
        holdConsumer(pipeline);
        offer(pipeline, EventLevel.INFO, "a");
        offer(pipeline, EventLevel.ERROR, "b");
        offer(pipeline, EventLevel.INFO, "c");
        offer(pipeline, EventLevel.INFO, "d");
        sink.open();
        pipeline.stop();

        assertThat(sink.delivered).containsExactly("held", "a", "b", "c", "d");
        assertThat(sink.endOfBatchFlags).containsExactly(true, false, true, false, true);
    }

    @Test
    void dropsAreSummarisedThroughTheStatusChannel() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(4).fullQueuePolicy(FullQueuePolicy.DROP_ALL).reportIntervalMillis(50));
        holdConsumer(pipeline);
        offerMany(pipeline, EventLevel.INFO, 3 + 1234);
        // The drops may straddle an interval and be summarised in two reports; their counts must add up.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(status.reportedDrops()).isEqualTo(1234));
        assertThat(status.warnings).allSatisfy(warning -> assertThat(warning)
                .containsPattern("dropped [\\d,]+ events? below WARN in the last \\d+ m?s \\(fullQueuePolicy DROP_ALL, queue size 4, "
                        + "discardingThreshold 0\\)"));
    }

    @Test
    void aSummaryTheStatusChannelFailsOnDoesNotEndTheSummaries() throws Exception {
        status.warningsToFail.set(1);
        AsyncPipeline<TestSlot> pipeline = start(settings(4).fullQueuePolicy(FullQueuePolicy.DROP_ALL).reportIntervalMillis(50));
        holdConsumer(pipeline);
        offerMany(pipeline, EventLevel.INFO, 3 + 10);
        await().atMost(Duration.ofSeconds(10)).until(() -> status.warnings.size() >= 1);
        offerMany(pipeline, EventLevel.INFO, 20);
        // Reported once each, later summaries included, while the pipeline still runs.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(status.reportedDrops()).isEqualTo(30));
        assertThat(pipeline.stats().dropped()).isEqualTo(30);
    }

    @Test
    void dropSummariesGroupThousands() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(4).fullQueuePolicy(FullQueuePolicy.DROP_ALL).reportIntervalMillis(600_000));
        holdConsumer(pipeline);
        offerMany(pipeline, EventLevel.INFO, 3 + 1234);
        sink.open();
        pipeline.stop();
        assertThat(status.allWarnings()).contains("dropped 1,234 events below WARN in the last");
    }

    @Test
    void blockedCallersParkInsteadOfSpinning() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(2));
        holdConsumer(pipeline);
        offer(pipeline, EventLevel.INFO, "fills");
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Thread caller = new Thread(() -> offer(pipeline, EventLevel.INFO, "waiting"));
            caller.start();
            callers.add(caller);
        }
        callers.forEach(TestThreads::awaitParked);
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long before = 0;
        for (Thread caller : callers) {
            before += threads.getThreadCpuTime(caller.getId());
        }
        long windowStart = System.nanoTime();
        await().pollDelay(Duration.ofMillis(300)).until(() -> System.nanoTime() - windowStart >= TimeUnit.MILLISECONDS.toNanos(300));
        long after = 0;
        for (Thread caller : callers) {
            after += threads.getThreadCpuTime(caller.getId());
        }
        assertThat(TimeUnit.NANOSECONDS.toMillis(after - before)).as("CPU used by 8 blocked callers in 300 ms").isLessThan(100);
        sink.open();
        for (Thread caller : callers) {
            caller.join(10_000);
        }
    }

    @Test
    void tryOfferNeverWaitsAndCountsNothingWhenItRefuses() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(4));
        holdConsumer(pipeline);
        for (int i = 0; i < 3; i++) {
            assertThat(pipeline.tryOffer(EventLevel.ERROR, TestEvent.of(EventLevel.ERROR, "fits-" + i), TestSlot.WRITER))
                    .isEqualTo(OfferOutcome.ACCEPTED);
        }
        assertThat(pipeline.tryOffer(EventLevel.ERROR, TestEvent.of(EventLevel.ERROR, "full"), TestSlot.WRITER))
                .isEqualTo(OfferOutcome.FULL);
        assertThat(pipeline.stats().dropped()).isZero();
        sink.open();
        pipeline.stop();
        assertThat(pipeline.tryOffer(EventLevel.ERROR, TestEvent.of(EventLevel.ERROR, "late"), TestSlot.WRITER))
                .isEqualTo(OfferOutcome.CLOSED);
        assertThat(sink.delivered).containsExactly("held", "fits-0", "fits-1", "fits-2");
        assertAccounting(pipeline.stats(), 4);
    }

    @Test
    void aDeliveredEventIsNotRetainedByTheRing() {
        AsyncPipeline<TestSlot> pipeline = start(settings(8));
        TestEvent event = TestEvent.of(EventLevel.INFO, "large");
        event.attachment = new byte[64 * 1024 * 1024];
        java.lang.ref.WeakReference<Object> large = new java.lang.ref.WeakReference<>(event.attachment);
        assertThat(pipeline.offer(EventLevel.INFO, event, TestSlot.WRITER)).isTrue();
        event.attachment = null;
        await().atMost(Duration.ofSeconds(10)).until(() -> sink.delivered.size() == 1);
        // The pipeline still runs and its ring is still allocated: only clearing the slot lets the array go.
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            System.gc();
            return large.get() == null;
        });
        assertThat(pipeline.isRunning()).isTrue();
    }

    @Test
    void dropsOfCallersReleasedByAnAbandonedDrainAreStillReported() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(2).drainTimeoutMillis(200));
        holdConsumer(pipeline);
        offer(pipeline, EventLevel.INFO, "fills");
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Thread caller = new Thread(() -> offer(pipeline, EventLevel.INFO, "released"));
            caller.start();
            callers.add(caller);
        }
        callers.forEach(TestThreads::awaitParked);
        pipeline.stop();
        for (Thread caller : callers) {
            caller.join(10_000);
        }
        assertThat(pipeline.stats().dropped()).isEqualTo(5);
        // Callers woken before the stop's own summary are counted in it, the rest in one late summary.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(status.reportedDrops()).isEqualTo(5));
        assertThat(status.warnings).allSatisfy(warning -> assertThat(warning).contains("below WARN"));
    }

    @Test
    void offerWhileRunningRefusesAClosedPipelineWithoutCountingButStillCountsPolicyDrops() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(2).maxBlockTime(50, TimeUnit.MILLISECONDS).drainTimeoutMillis(200));
        holdConsumer(pipeline);
        offer(pipeline, EventLevel.INFO, "fills");
        assertThat(pipeline.offerWhileRunning(EventLevel.INFO, TestEvent.of(EventLevel.INFO, "times out"), TestSlot.WRITER))
                .isEqualTo(OfferOutcome.DROPPED);
        CompletableFuture<OfferOutcome> released = new CompletableFuture<>();
        AsyncPipeline<TestSlot> second = start(settings(2).drainTimeoutMillis(200));
        offer(second, EventLevel.INFO, "fills");
        offer(second, EventLevel.INFO, "fills");
        Thread caller = new Thread(() -> released.complete(
                second.offerWhileRunning(EventLevel.INFO, TestEvent.of(EventLevel.INFO, "waits"), TestSlot.WRITER)));
        caller.start();
        TestThreads.awaitParked(caller);
        second.stop();
        assertThat(released.get(10, TimeUnit.SECONDS)).as("released by a drain that gave up: never sent downstream")
                .isEqualTo(OfferOutcome.DROPPED);
        assertThat(second.offerWhileRunning(EventLevel.INFO, TestEvent.of(EventLevel.INFO, "late"), TestSlot.WRITER))
                .isEqualTo(OfferOutcome.DROPPED);
        assertThat(second.stats().dropped()).as("refusals after a drain that gave up are counted").isEqualTo(2);
        assertThat(pipeline.stats().dropped()).isEqualTo(1);

        AsyncPipeline<TestSlot> third = start(settings(2));
        third.stop();
        assertThat(third.offerWhileRunning(EventLevel.INFO, TestEvent.of(EventLevel.INFO, "after a drain"), TestSlot.WRITER))
                .as("after a drain that completed").isEqualTo(OfferOutcome.CLOSED);
        assertThat(third.stats().dropped()).as("closed refusals are not counted").isZero();
    }

    @Test
    void callersReleasedByADrainThatGaveUpAreNeverAcceptedIntoTheAbandonedRing() throws Exception {
        int capacity = 512;
        AsyncPipeline<TestSlot> pipeline = start(settings(capacity).drainTimeoutMillis(20));
        holdConsumer(pipeline);
        assertThat(offerMany(pipeline, EventLevel.INFO, capacity - 1)).as("the ring is full").isEqualTo(capacity - 1);
        List<CompletableFuture<OfferOutcome>> outcomes = new ArrayList<>();
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            CompletableFuture<OfferOutcome> outcome = new CompletableFuture<>();
            TestEvent event = TestEvent.of(EventLevel.INFO, "parked-" + i);
            callers.add(TestThreads.startThread("parked-" + i,
                    () -> outcome.complete(pipeline.offerWhileRunning(EventLevel.INFO, event, TestSlot.WRITER))));
            outcomes.add(outcome);
        }
        callers.forEach(TestThreads::awaitParked);
        // The scenario is a slow sink: 5 ms per event, so that the 20 ms drain gives up with the ring still full.
        sink.onDeliver(slot -> LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5)));
        sink.open();

        StopReport report = pipeline.stop();

        assertThat(report.drained()).isFalse();
        int accepted = 0;
        int dropped = 0;
        for (CompletableFuture<OfferOutcome> outcome : outcomes) {
            OfferOutcome result = outcome.get(10, TimeUnit.SECONDS);
            assertThat(result).isIn(OfferOutcome.ACCEPTED, OfferOutcome.DROPPED);
            if (result == OfferOutcome.ACCEPTED) {
                accepted++;
            } else {
                dropped++;
            }
        }
        assertThat(accepted + dropped).isEqualTo(50);
        assertThat(pipeline.stats().dropped()).as("every caller not accepted is counted").isEqualTo(dropped);
        // The event in flight at the abandonment completes; after that the queue is exactly what the stop called lost:
        // an event accepted after the abandonment would sit in it, neither delivered nor reported.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(pipeline.stats().queueSize()).as(report + " " + pipeline.stats()).isEqualTo(report.undelivered()));
        assertAccounting(pipeline.stats(), capacity + 50);
        assertThat(pipeline.offerWhileRunning(EventLevel.ERROR, TestEvent.of(EventLevel.ERROR, "later"), TestSlot.WRITER))
                .isEqualTo(OfferOutcome.DROPPED);
    }

    @Test
    void stopCalledOnTheConsumerThreadReturnsAtOnceAndTheConsumerDrainsAndCompletesTheStop() throws Exception {
        AtomicReference<AsyncPipeline<TestSlot>> self = new AtomicReference<>();
        AtomicReference<StopReport> fromConsumer = new AtomicReference<>();
        sink.onDeliver(slot -> {
            if (slot.message.equals("stop now")) {
                fromConsumer.set(self.get().stop());
            }
        });
        AsyncPipeline<TestSlot> pipeline = start(settings(64));
        self.set(pipeline);
        sink.closed();
        offer(pipeline, EventLevel.INFO, "stop now");
        assertThat(sink.firstDeliveryStarted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(offerMany(pipeline, EventLevel.INFO, 10)).isEqualTo(10);
        sink.open();

        await().atMost(Duration.ofSeconds(10)).until(() -> fromConsumer.get() != null);
        assertThat(fromConsumer.get().deferred()).isTrue();
        assertThat(fromConsumer.get().drained()).isFalse();
        await().atMost(Duration.ofSeconds(10)).until(() -> sink.delivered.size() == 11);
        StopReport completed = CompletableFuture.supplyAsync(pipeline::stop).get(10, TimeUnit.SECONDS);
        assertThat(completed.drained()).as("the consumer completed its own stop: " + completed).isTrue();
        assertThat(completed.deferred()).isFalse();
        assertThat(pipeline.stop()).isSameAs(completed);
        assertAccounting(pipeline.stats(), 11);
        assertThat(status.warnings).anySatisfy(w -> assertThat(w).contains("was stopped from a thread that delivers its events"));
    }

    @Test
    void directDeliveriesAreCountedAsReceivedButNotQueued() {
        AsyncPipeline<TestSlot> pipeline = start(settings(8));
        offer(pipeline, EventLevel.INFO, "queued");
        pipeline.recordDirectDelivery();
        pipeline.stop();
        pipeline.recordDirectDelivery();
        PipelineStats stats = pipeline.stats();
        assertThat(stats.deliveredDirectly()).isEqualTo(2);
        assertThat(stats.enqueued()).isEqualTo(1);
        assertAccounting(stats, 3);
    }

    @Test
    void tryOfferStillAppliesTheDiscardingThresholdAsACountedDrop() throws Exception {
        AsyncPipeline<TestSlot> pipeline = start(settings(8).discardingThreshold(4));
        holdConsumer(pipeline);
        assertThat(offerMany(pipeline, EventLevel.INFO, 3)).isEqualTo(3);
        assertThat(pipeline.tryOffer(EventLevel.INFO, TestEvent.of(EventLevel.INFO, "below threshold"), TestSlot.WRITER))
                .isEqualTo(OfferOutcome.DROPPED);
        assertThat(pipeline.tryOffer(EventLevel.WARN, TestEvent.of(EventLevel.WARN, "headroom"), TestSlot.WRITER))
                .isEqualTo(OfferOutcome.ACCEPTED);
        assertThat(pipeline.stats().dropped(EventLevel.INFO)).isEqualTo(1);
    }

    @Test
    void theConsumerThreadComesFromTheConfiguredFactoryWithRinglogsNameAndDaemonFlag() {
        class FrameworkThread extends Thread {
            FrameworkThread(Runnable task) {
                super(task, "framework-name");
            }
        }
        AtomicReference<Thread> consumer = new AtomicReference<>();
        sink.onDeliver(slot -> consumer.set(Thread.currentThread()));
        AsyncPipeline<TestSlot> pipeline = start(settings(8).threadFactory(FrameworkThread::new));
        offer(pipeline, EventLevel.INFO, "one");
        pipeline.stop();
        assertThat(consumer.get()).isInstanceOf(FrameworkThread.class);
        assertThat(consumer.get().getName()).isEqualTo("ringlog-test");
        assertThat(consumer.get().isDaemon()).isTrue();
    }

    @Test
    void invalidSettingsAreRejectedWithAMessageNamingThem() {
        assertThatThrownBy(() -> settings(0).build()).hasMessageContaining("queue size must be between 1 and");
        assertThatThrownBy(() -> settings(16).discardingThreshold(16).build())
                .hasMessage("discardingThreshold must be between 0 (off) and the queue size minus one (15), was 16");
        assertThatThrownBy(() -> settings(100).discardingThreshold(100).build())
                .as("checked against the size as configured, not as rounded up to 128")
                .hasMessage("discardingThreshold must be between 0 (off) and the queue size minus one (99), was 100");
        assertThat(settings(100).discardingThreshold(99).build().discardingThreshold()).isEqualTo(99);
        assertThatThrownBy(() -> settings(16).maxBlockTime(-2, TimeUnit.MILLISECONDS).build())
                .hasMessage("maxBlockTime must be -1 (wait without bound) or >= 0, was -2 milliseconds");
        assertThat(settings(16).maxBlockTime(-1, TimeUnit.MILLISECONDS).build().maxBlockTimeNanos()).isEqualTo(-1);
        assertThat(settings(16).maxBlockTime(0, TimeUnit.MILLISECONDS).build().maxBlockTimeNanos()).isZero();
        assertThatThrownBy(() -> settings(16).drainTimeoutMillis(-1).build()).hasMessageContaining("drain timeout");
        assertThatThrownBy(() -> settings(16).maxBatchSize(0).build()).hasMessageContaining("maxBatchSize");
        assertThat(FullQueuePolicy.parse(" drop-below-warn ")).isEqualTo(FullQueuePolicy.DROP_BELOW_WARN);
        assertThatThrownBy(() -> FullQueuePolicy.parse("sometimes"))
                .hasMessage("Unknown fullQueuePolicy 'sometimes': expected one of BLOCK, DROP_BELOW_WARN, DROP_ALL");
    }

    /**
     * Read while events fail, no counter steps back: delivered used to be derived as handed on minus failed, two
     * counters read one after the other, and a failure counted before its event was marked handed on made it dip
     * (below zero when every event fails), which a monotonic meter reports as a counter reset.
     */
    @Test
    void deliveredNeverStepsBackWhileEventsFail() throws Exception {
        AtomicInteger count = new AtomicInteger();
        sink.onDeliver(slot -> {
            if (count.incrementAndGet() % 2 == 0) {
                throw new IllegalStateException("boom");
            }
        });
        AsyncPipeline<TestSlot> pipeline = start(settings(1024));
        AtomicBoolean done = new AtomicBoolean();
        List<String> steppedBack = new ArrayList<>();
        Thread sampler = TestThreads.startThread("sampler", () -> {
            PipelineStats last = pipeline.stats();
            while (!done.get()) {
                PipelineStats now = pipeline.stats();
                if (now.delivered() < last.delivered() || now.failed() < last.failed() || now.delivered() + now.failed() > now.enqueued()) {
                    steppedBack.add(last + " -> " + now);
                }
                last = now;
            }
        });
        for (int i = 0; i < 200_000; i++) {
            offer(pipeline, EventLevel.INFO, "m" + i);
        }
        pipeline.stop();
        done.set(true);
        sampler.join();
        assertThat(steppedBack).isEmpty();
        PipelineStats stats = pipeline.stats();
        assertThat(stats.delivered()).isEqualTo(100_000);
        assertThat(stats.failed()).isEqualTo(100_000);
    }

    /**
     * At a service's pace (here about 20,000 events/s, one every 50 µs) the consumer does not wake for every event or
     * two: its nap lengthens until batches of dozens accumulate (a fixed 20 µs nap gave 1–2 events per batch, so one
     * wake-up and one flush per event or two). Every event is still delivered, in order, within a second.
     */
    @Test
    void atAModerateSteadyRateTheConsumerDeliversInBatchesNotEventByEvent() {
        AsyncPipeline<TestSlot> pipeline = start(settings(8192));
        int events = 10_000;
        long pace = TimeUnit.MICROSECONDS.toNanos(50);
        long next = System.nanoTime();
        for (int i = 0; i < events; i++) {
            assertThat(offer(pipeline, EventLevel.INFO, "e" + i)).isTrue();
            next += pace;
            while (System.nanoTime() - next < 0) {
                LockSupport.parkNanos(next - System.nanoTime()); // the producer's pace, not a synchronisation
            }
        }
        await().atMost(Duration.ofSeconds(1)).until(() -> sink.delivered.size() == events);
        List<Boolean> flags = new ArrayList<>(sink.endOfBatchFlags);
        long batches = flags.stream().filter(Boolean::booleanValue).count();
        // Only the last 5,000 events count: the nap starts short and doubles from batch to batch.
        long lateBatches = flags.subList(events / 2, events).stream().filter(Boolean::booleanValue).count();
        assertThat((double) (events / 2) / lateBatches)
                .as("events per batch in the second half (%d batches in all)", batches)
                .isGreaterThan(8);
        for (int i = 0; i < events; i++) {
            assertThat(sink.delivered.get(i)).isEqualTo("e" + i);
        }
    }
}
