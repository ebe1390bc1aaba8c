package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.contract.TestThreads;
import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.PipelineStats;
import io.ringlog.core.SlotWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link FullQueuePolicy#DROP_BELOW_WARN} keeps its promise under an INFO flood: {@value #INFO_THREADS} threads log
 * INFO as fast as they can into a ring of {@value #CAPACITY} behind a target that works 100 µs an event, while one
 * thread logs {@value #WARNINGS} WARNs with a block bound of {@value #MAX_BLOCK_MILLIS} ms. No WARN is dropped, and every
 * event is accounted for, level by level. Before, INFO callers, which never wait, took the slots the gate had promised
 * to the waiting WARN caller: WARNs waited for as long as the flood lasted and were dropped at the bound (3 to 62 of
 * 200 in every run) while INFO got through. The bound leaves room for the scheduler: seventeen runnable threads share
 * two cores here, and a WARN caller, once handed its slot, still waits for a CPU to take it (measured: 36 to 72 ms).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DropBelowWarnFloodTest {
    private static final int CAPACITY = 64;
    private static final int INFO_THREADS = 16;
    private static final int WARNINGS = 200;
    private static final long MAX_BLOCK_MILLIS = 250;
    private static final long TARGET_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    private static final SlotWriter<int[], EventLevel> WRITER = (slot, level) -> slot[0] = level.ordinal();

    @Test
    void warningsAreNeverDroppedBehindAnInfoFlood() throws Exception {
        LongAdder[] deliveredByLevel = new LongAdder[EventLevel.values().length];
        for (int i = 0; i < deliveredByLevel.length; i++) {
            deliveredByLevel[i] = new LongAdder();
        }
        EventSink<int[]> sink = new EventSink<>() {
            @Override
            public void deliver(int[] slot, boolean endOfBatch) {
                deliveredByLevel[slot[0]].increment();
                long until = System.nanoTime() + TARGET_NANOS;
                while (System.nanoTime() - until < 0) {
                    Thread.onSpinWait(); // a target that works 100 µs an event (a sleep would measure the scheduler)
                }
            }

            @Override
            public void clear(int[] slot) {
                slot[0] = 0;
            }
        };
        AsyncPipeline<int[]> pipeline = AsyncPipeline.create(PipelineSettings.builder("warn-under-flood").capacity(CAPACITY)
                .fullQueuePolicy(FullQueuePolicy.DROP_BELOW_WARN).maxBlockTime(MAX_BLOCK_MILLIS, TimeUnit.MILLISECONDS)
                .drainOnJvmExit(false).build(), () -> new int[1], sink, QuietStatus.INSTANCE);
        pipeline.start();
        AtomicBoolean flooding = new AtomicBoolean(true);
        LongAdder infoOffered = new LongAdder();
        List<Thread> flood = new ArrayList<>();
        for (int t = 0; t < INFO_THREADS; t++) {
            flood.add(TestThreads.startThread("info-" + t, () -> {
                while (flooding.get()) {
                    pipeline.offer(EventLevel.INFO, EventLevel.INFO, WRITER);
                    infoOffered.increment();
                }
            }));
        }
        long[] longestWarning = new long[1];
        Thread warner = TestThreads.startThread("warn", () -> {
            for (int i = 0; i < WARNINGS; i++) {
                long begun = System.nanoTime();
                pipeline.offer(EventLevel.WARN, EventLevel.WARN, WRITER);
                longestWarning[0] = Math.max(longestWarning[0], System.nanoTime() - begun);
            }
        });
        warner.join(TimeUnit.SECONDS.toMillis(60));
        flooding.set(false);
        for (Thread thread : flood) {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        }
        assertThat(warner.isAlive()).isFalse();
        assertThat(pipeline.stop().drained()).isTrue();

        PipelineStats stats = pipeline.stats();
        System.out.printf("[figures] DROP_BELOW_WARN under an INFO flood: longest WARN call %.1f ms; %s%n",
                longestWarning[0] / 1e6, stats);
        assertThat(stats.dropped(EventLevel.WARN)).as(stats.toString()).isZero();
        assertThat(deliveredByLevel[EventLevel.WARN.ordinal()].sum()).isEqualTo(WARNINGS);
        assertThat(stats.dropped(EventLevel.INFO)).as("the flood was dropped in part: the test pressed the ring").isPositive();
        assertThat(deliveredByLevel[EventLevel.INFO.ordinal()].sum() + stats.dropped(EventLevel.INFO))
                .as("every INFO delivered or dropped").isEqualTo(infoOffered.sum());
        assertThat(stats.dropped(EventLevel.INFO)).isEqualTo(stats.dropped(EventLevel.INFO, DropReason.QUEUE_FULL));
        assertThat(stats.delivered()).isEqualTo(infoOffered.sum() - stats.dropped(EventLevel.INFO) + WARNINGS);
    }
}
