package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A bounded soak (minutes, behind the Maven profile {@code soak}, not in CI): two threads log steadily while,
 * every few seconds, eight more burst fast enough to fill the queue in front of a slow downstream. After each
 * burst the heap is measured after a full collection; one event of each burst carries an 8 MiB argument that
 * must become collectable once the burst is over. At the end the file and the counters must agree event for
 * event. {@code -Dringlog.soak.seconds} sets the length of each run (default 120).
 */
@Tag("soak")
public abstract class AsyncAppenderSoakContract extends ContractTestBase {
    private static final Duration LENGTH = Duration.ofSeconds(Long.getLong("ringlog.soak.seconds", 120));
    private static final Duration BURST_EVERY = Duration.ofSeconds(5);
    private static final int STEADY = 2;
    private static final int BURSTING = 8;
    private static final long PER_BURST = 20_000;
    /** Steady producers pause this long after every {@value #STEADY_BATCH} events: about 10,000 events/s each. */
    private static final long STEADY_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final int STEADY_BATCH = 100;
    /** Heap growth from the first measurement to any measurement of the second half that counts as a leak. */
    private static final long HEAP_GROWTH_ALLOWED = 32L << 20;

    /** An argument that prints as the load's payload and holds 8 MiB. */
    private static final class LargeArgument {
        private final byte[] ballast = new byte[8 << 20];

        @Override
        public String toString() {
            return ballast.length > 0 ? StressLoad.PAYLOAD : "";
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"BLOCK", "DROP_BELOW_WARN"})
    void steadyLoggingWithBurstsKeepsMemoryFlatAndCountsExact(String policy) throws Exception {
        harness.configure(Scenario.SLOW_FILE, Scenario.settings(file, 1024, policy));
        AtomicLongArray logged = new AtomicLongArray(STEADY + BURSTING);
        AtomicBoolean steadyRunning = new AtomicBoolean(true);
        List<Thread> steady = new ArrayList<>();
        for (int p = 0; p < STEADY; p++) {
            steady.add(steadyProducer(p, logged, steadyRunning));
        }
        steady.forEach(Thread::start);

        List<Long> heapAfterBursts = new ArrayList<>();
        List<WeakReference<Object>> largeArguments = new ArrayList<>();
        long end = System.nanoTime() + LENGTH.toNanos();
        for (int burst = 0; System.nanoTime() < end; burst++) {
            LockSupport.parkNanos(BURST_EVERY.toNanos());
            largeArguments.add(burst(burst, logged));
            awaitQueueEmpty();
            heapAfterBursts.add(heapUsedAfterFullCollection());
            PipelineStats stats = harness.stats();
            System.out.printf("[figures] %s soak %s burst %d: heap after GC %.1f MiB, received %d, delivered %d, dropped %d%n",
                    harness.framework(), policy, burst, heapAfterBursts.get(burst) / 1048576.0, stats.received(),
                    stats.delivered(), stats.dropped());
        }
        steadyRunning.set(false);
        for (Thread thread : steady) {
            thread.join();
        }
        harness.shutdown();

        for (WeakReference<Object> largeArgument : largeArguments) {
            await("an 8 MiB argument becomes collectable after delivery").atMost(Duration.ofSeconds(10)).until(() -> {
                System.gc();
                return largeArgument.get() == null;
            });
        }
        long first = heapAfterBursts.get(0);
        for (long heap : heapAfterBursts.subList(heapAfterBursts.size() / 2, heapAfterBursts.size())) {
            assertThat(heap).as("heap after GC, first burst %d bytes, all %s", first, heapAfterBursts)
                    .isLessThanOrEqualTo(first + HEAP_GROWTH_ALLOWED);
        }
        assertCountsMatchTheFile(policy, logged);
    }

    private Thread steadyProducer(int producer, AtomicLongArray logged, AtomicBoolean running) {
        return new Thread(() -> {
            harness.putContext("user", "u" + producer);
            for (long i = 0; running.get(); i++) {
                StressLoad.log(harness, producer, i);
                logged.incrementAndGet(producer);
                if (i % STEADY_BATCH == STEADY_BATCH - 1) {
                    LockSupport.parkNanos(STEADY_PAUSE_NANOS);
                }
            }
        }, StressLoad.threadName(producer));
    }

    /** Eight threads log {@value #PER_BURST} events each as fast as they can; the first carries a large argument. */
    private WeakReference<Object> burst(int burst, AtomicLongArray logged) throws InterruptedException {
        Object large = new LargeArgument();
        WeakReference<Object> reference = new WeakReference<>(large);
        Object[] handOver = {large};
        large = null;
        List<Thread> threads = new ArrayList<>();
        for (int p = STEADY; p < STEADY + BURSTING; p++) {
            int producer = p;
            boolean carriesIt = p == STEADY;
            threads.add(new Thread(() -> {
                harness.putContext("user", "u" + producer);
                long from = burst * PER_BURST;
                for (long i = from; i < from + PER_BURST; i++) {
                    if (carriesIt && i == from + PER_BURST / 2) {
                        StressLoad.log(harness, producer, i, handOver[0]);
                        handOver[0] = null;
                    } else {
                        StressLoad.log(harness, producer, i);
                    }
                    logged.incrementAndGet(producer);
                }
            }, StressLoad.threadName(p)));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        return reference;
    }

    private void awaitQueueEmpty() {
        await().atMost(Duration.ofSeconds(30)).until(() -> harness.stats().queueSize() == 0);
    }

    private static long heapUsedAfterFullCollection() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private void assertCountsMatchTheFile(String policy, AtomicLongArray logged) throws Exception {
        Map<EventLevel, Long> loggedPerLevel = new EnumMap<>(EventLevel.class);
        long total = 0;
        for (int p = 0; p < logged.length(); p++) {
            total += logged.get(p);
            StressLoad.loggedPerLevel(1, logged.get(p)).forEach((level, count) -> loggedPerLevel.merge(level, count, Long::sum));
        }
        FileAudit audit = FileAudit.of(file, logged.length(), policy.equals("BLOCK"));
        PipelineStats stats = harness.stats();
        String context = policy + ": logged " + total + ", " + stats + "; file: " + audit;
        assertThat(audit.defects()).as(context).isEmpty();
        assertThat(stats.received()).as(context).isEqualTo(total);
        assertThat(stats.delivered()).as(context).isEqualTo(audit.lines()).isEqualTo(stats.enqueued());
        for (EventLevel level : EventLevel.values()) {
            assertThat(audit.perLevel().get(level) + stats.dropped(level)).as(level + ", " + context).isEqualTo(loggedPerLevel.get(level));
        }
        if (policy.equals("BLOCK")) {
            assertThat(stats.dropped()).as(context).isZero();
        } else {
            assertThat(stats.dropped(EventLevel.WARN) + stats.dropped(EventLevel.ERROR)).as(context).isZero();
        }
        System.out.printf("[figures] %s soak %s: %s, logged %d, in the file %d, dropped %d%n", harness.framework(), policy, LENGTH,
                total, audit.lines(), stats.dropped());
    }
}
