package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.contract.TestThreads;
import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.SlotWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@value #THREADS} virtual threads log into a full ring of {@value GatePressure#CAPACITY} behind a slow sink (see
 * {@link GatePressure}): every event is delivered or counted, and the figures are printed. And virtual threads bursting
 * into a small ring never deliver other threads' events: only the consumer thread does. Runs on JDK 21+ (the
 * {@code jdk25} profile; {@code .ci/matrix virtual-threads}).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class CapacityGateVirtualThreadsIT {
    private static final int THREADS = 10_000;
    private static final int EVENTS_PER_THREAD = 5;
    private static final int BURST_THREADS = 1_000;
    private static final int BURST_EVENTS = 20;

    /**
     * No herd and no starvation: about one wake-up per freed slot (measured 0.98; the former wake-all gate: 4.27), and
     * while one caller waits the consumer frees at most about one slot per caller queued ahead of it (at most 9,999)
     * plus a ring's worth (measured 10,688; the former gate: 48,461 of the run's 50,000).
     */
    @Test
    void virtualThreadsWaitingWithoutBound() throws Exception {
        warmUp();
        GatePressure.Figures figures = GatePressure.run("10,000 virtual threads, BLOCK", THREADS, EVENTS_PER_THREAD, -1,
                CapacityGateVirtualThreadsIT::virtual);
        assertThat(figures.dropped).isZero();
        assertThat(figures.wakeUpsPerFreedSlot()).isLessThanOrEqualTo(1.5);
        assertThat(figures.mostSlotsFreedDuringAWait).isLessThanOrEqualTo(THREADS + 4L * GatePressure.CAPACITY);
    }

    @Test
    void virtualThreadsWaitingAtMostOneSecond() throws Exception {
        warmUp();
        GatePressure.run("10,000 virtual threads, maxBlockTime 1 s", THREADS, EVENTS_PER_THREAD, 1_000,
                CapacityGateVirtualThreadsIT::virtual);
    }

    /**
     * Only the consumer thread hands events on: a virtual thread that finds the ring full never delivers other callers'
     * events. One that did could be unmounted while it holds the delivery role, and on JDK 21-23, with every carrier
     * pinned by another caller, never be mounted again, so that nobody delivers. {@value #BURST_THREADS} virtual threads
     * offer {@value #BURST_EVENTS} events each into a ring of 16; the sink records the thread of each delivery.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void virtualThreadsBurstingIntoAFullRingNeverDeliverOtherThreadsEvents() throws Exception {
        warmUp();
        Map<String, LongAdder> deliveriesBy = new ConcurrentHashMap<>();
        EventSink<long[]> sink = new EventSink<>() {
            @Override
            public void deliver(long[] slot, boolean endOfBatch) {
                Thread thread = Thread.currentThread();
                String name = (thread.isVirtual() ? "virtual " : "platform ") + thread.getName();
                deliveriesBy.computeIfAbsent(name, ignored -> new LongAdder()).increment();
            }

            @Override
            public void clear(long[] slot) {
                slot[0] = 0;
            }
        };
        SlotWriter<long[], Long> writer = (slot, value) -> slot[0] = value;
        AsyncPipeline<long[]> pipeline = AsyncPipeline.create(PipelineSettings.builder("virtual-bursts").capacity(16)
                .drainOnJvmExit(false).build(), () -> new long[1], sink, QuietStatus.INSTANCE);
        pipeline.start();
        List<Thread> callers = new ArrayList<>(BURST_THREADS);
        try {
            for (int t = 0; t < BURST_THREADS; t++) {
                long first = (long) t * BURST_EVENTS;
                callers.add(virtual("caller-" + t, () -> {
                    for (long i = first; i < first + BURST_EVENTS; i++) {
                        pipeline.offer(EventLevel.INFO, i, writer);
                    }
                }));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            for (Thread caller : callers) {
                caller.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
            assertThat(callers.stream().filter(Thread::isAlive).count()).as("virtual threads still offering after 30 s (deadlock?)")
                    .isZero();
        } finally {
            pipeline.stop();
        }
        Map<String, Long> deliveries = new TreeMap<>();
        deliveriesBy.forEach((thread, count) -> deliveries.put(thread, count.sum()));
        List<Map.Entry<String, Long>> byVirtualThreads = deliveries.entrySet().stream()
                .filter(entry -> entry.getKey().startsWith("virtual ")).toList();
        assertThat(byVirtualThreads.size())
                .as("virtual threads that delivered events: they delivered %d events (the first: %s); the consumer delivered %s",
                        byVirtualThreads.stream().mapToLong(Map.Entry::getValue).sum(), byVirtualThreads.stream().limit(8).toList(),
                        deliveries.get("platform ringlog-virtual-bursts"))
                .isZero();
        assertThat(deliveries.keySet()).containsOnly("platform ringlog-virtual-bursts");
        assertThat(pipeline.stats().delivered()).as(pipeline.stats().toString()).isEqualTo((long) BURST_THREADS * BURST_EVENTS);
    }

    /**
     * Initialises the classes of the full-ring path on platform threads: a class initialiser that runs on a virtual
     * thread pins its carrier, and every other virtual thread that needs the class waits for it.
     */
    private static void warmUp() throws Exception {
        GatePressure.run("warm-up, 4 platform threads", 4, 2_000, -1, TestThreads::startThread);
    }

    private static Thread virtual(String name, Runnable body) {
        return Thread.ofVirtual().name(name).start(body);
    }
}
