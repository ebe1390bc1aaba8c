package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The load of the adapters' throwing-downstream tests: {@value #THREADS} threads log {@code t<thread> <n>}
 * ({@value #PER_THREAD} each), every 500th marked {@code inject-error}, into a Ringlog appender whose faulty
 * downstream ({@code failEvery} 7, {@code errorOn} inject-error) throws, beside a sibling file that takes every event.
 */
public final class ThrowingChildLoad {
    public static final int THREADS = 2;
    public static final int PER_THREAD = 5_000;
    public static final int LOGGED = THREADS * PER_THREAD;
    /** Events the faulty downstream throws an Error on. */
    public static final int ERRORS = THREADS * (PER_THREAD / 500);
    /** Events it throws a RuntimeException on: every 7th of the others. */
    public static final int RUNTIME = (LOGGED - ERRORS) / 7;

    private ThrowingChildLoad() {
    }

    /** Logs the load and waits for the producers; no fault may reach a caller. */
    public static void run(InfoLogger logger) throws InterruptedException {
        List<Throwable> callerFailures = new CopyOnWriteArrayList<>();
        List<Thread> producers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int id = t;
            producers.add(TestThreads.startThread("producer-" + t, () -> {
                try {
                    for (int i = 0; i < PER_THREAD; i++) {
                        logger.info(i % 500 == 499 ? "t{} {} inject-error" : "t{} {}", id, i);
                    }
                } catch (Throwable e) {
                    callerFailures.add(e);
                }
            }));
        }
        for (Thread producer : producers) {
            producer.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(producer.isAlive()).isFalse();
        }
        assertThat(callerFailures).as("no fault reaches a caller").isEmpty();
    }

    /** The sibling file got every event, including those the faulty downstream threw on, once, in each thread's order. */
    public static void assertSiblingGotEveryEvent(List<String> lines) {
        assertThat(lines).hasSize(LOGGED).doesNotHaveDuplicates();
        int[] next = new int[THREADS];
        for (String line : lines) {
            String[] parts = line.split(" ");
            int thread = Integer.parseInt(parts[0].substring(1));
            assertThat(Integer.parseInt(parts[1])).as("order of thread %d", thread).isEqualTo(next[thread]++);
        }
    }
}
