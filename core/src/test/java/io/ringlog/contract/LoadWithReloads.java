package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The load of the adapters' reconfiguration tests: {@value #THREADS} threads log {@code t<thread> <n>} (n = 0, 1, ...)
 * without pause while another thread reloads the configuration {@value #RELOADS} times, {@value #EVENTS_BETWEEN_RELOADS}
 * events apart, then the producers log as many again and stop. A reload or a producer that does not finish in time
 * fails the test with a thread dump (a deadlock); an exception at a caller or in a reload fails it too.
 */
public final class LoadWithReloads {
    public static final int THREADS = 4;
    public static final int RELOADS = 20;
    private static final int EVENTS_BETWEEN_RELOADS = 5_000;

    /** One reload of the framework's configuration, the way the framework itself does it. */
    @FunctionalInterface
    public interface Reload {
        void run() throws Exception;
    }

    /** What the producers logged, per thread ({@code t<id>} logged its events 0 .. logged[id]-1), and how long the reloads took. */
    public static final class Result {
        public final long[] logged;
        public final long reloadMillis;

        Result(long[] logged, long reloadMillis) {
            this.logged = logged;
            this.reloadMillis = reloadMillis;
        }

        public long total() {
            long sum = 0;
            for (long count : logged) {
                sum += count;
            }
            return sum;
        }
    }

    private LoadWithReloads() {
    }

    /** Runs the load against {@code logger}, calling {@code reload} {@value #RELOADS} times; returns when every producer has ended. */
    public static Result run(InfoLogger logger, Reload reload) throws Exception {
        AtomicLongArray logged = new AtomicLongArray(THREADS);
        AtomicBoolean stop = new AtomicBoolean();
        List<Throwable> callerFailures = new CopyOnWriteArrayList<>();
        List<Thread> producers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int id = t;
            producers.add(TestThreads.startThread("producer-" + t, () -> {
                try {
                    for (long i = 0; !stop.get(); i++) {
                        logger.info("t{} {}", id, i);
                        logged.set(id, i + 1);
                    }
                } catch (Throwable e) {
                    callerFailures.add(e);
                }
            }));
        }
        List<Throwable> reloadFailures = new CopyOnWriteArrayList<>();
        long begin = System.nanoTime();
        Thread reloader = TestThreads.startThread("reloader", () -> {
            try {
                for (int r = 0; r < RELOADS; r++) {
                    awaitMoreEvents(logged);
                    reload.run();
                }
            } catch (Throwable e) {
                reloadFailures.add(e);
            }
        });
        reloader.join(TimeUnit.SECONDS.toMillis(60));
        if (reloader.isAlive()) {
            stop.set(true);
            throw new AssertionError("the reloads did not finish within 60 s (deadlock?):\n" + threadDump());
        }
        long reloadMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
        awaitMoreEvents(logged);
        stop.set(true);
        for (Thread producer : producers) {
            producer.join(TimeUnit.SECONDS.toMillis(30));
            if (producer.isAlive()) {
                throw new AssertionError(producer.getName() + " is stuck:\n" + threadDump());
            }
        }
        assertThat(reloadFailures).as("reloads").isEmpty();
        assertThat(callerFailures).as("no exception reaches a caller").isEmpty();
        long[] counts = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            counts[t] = logged.get(t);
        }
        return new Result(counts, reloadMillis);
    }

    private static void awaitMoreEvents(AtomicLongArray logged) {
        long mark = total(logged);
        await().atMost(Duration.ofSeconds(30)).until(() -> total(logged) >= mark + EVENTS_BETWEEN_RELOADS);
    }

    private static long total(AtomicLongArray counts) {
        long sum = 0;
        for (int i = 0; i < counts.length(); i++) {
            sum += counts.get(i);
        }
        return sum;
    }

    private static String threadDump() {
        StringBuilder dump = new StringBuilder();
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            dump.append(info);
        }
        return dump.toString();
    }
}
