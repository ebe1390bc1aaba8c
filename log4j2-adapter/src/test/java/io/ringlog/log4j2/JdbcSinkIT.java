package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.Accounting;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Log4j2's {@code <JDBC bufferSize="500">} behind {@code <RingAsync>}, writing to a real PostgreSQL on a loopback
 * port: RingAsync marks the end of each batch, the JDBC manager flushes its buffer there, so a burst becomes a few
 * batched inserts (one connection, one executeBatch, one commit each) instead of one round trip per row.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class JdbcSinkIT {
    private static final int THREADS = 4;
    private static final int PER_THREAD = 5_000;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path dataDirectory;
    @TempDir
    Path dir;

    private static TestDatabase database;

    @BeforeAll
    static void startDatabase() throws Exception {
        database = TestDatabase.start(dataDirectory.resolve("pgdata"));
        System.setProperty("ringlog.test.jdbc.url", database.url());
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        System.clearProperty("ringlog.test.jdbc.url");
        if (database != null) {
            database.close();
        }
    }

    @BeforeEach
    void emptyTable() throws Exception {
        database.execute("truncate log_events");
    }

    @AfterEach
    void serverBackUp() throws Exception {
        database.count(); // fails the next test early, with a clear cause, if a test left the server down
    }

    @Test
    void fourThreadsEventsBecomeExactlyOneRowEachInPerThreadOrderInBatchedInserts() throws Exception {
        RingAsyncAppender ring;
        long connectionsBefore = CountingConnectionSource.opened();
        LoggerContext context = TestContexts.start("jdbc.xml", dir);
        try {
            ring = appender(context, "RING", RingAsyncAppender.class);
            Logger logger = context.getLogger("jdbc");
            runProducers(() -> false, (thread, i) -> logger.info("w{} {}", thread, i), PER_THREAD, new AtomicLong[THREADS]);
        } finally {
            // No wait for the consumer first: stop() itself must drain what is queued into the database.
            context.stop();
        }
        long flushes = CountingConnectionSource.opened() - connectionsBefore;
        List<String> rows = database.messages();
        assertThat(rows).as("one row per event, after stop()").hasSize(THREADS * PER_THREAD);
        assertPerThreadOrder(rows, new long[THREADS]);
        assertThat(database.count("event_time is not null and level = 'INFO' and thread like 'producer-%'"))
                .as("the event's time, level and thread in their columns").isEqualTo(THREADS * PER_THREAD);
        PipelineStats stats = ring.getStats();
        assertThat(stats.delivered()).isEqualTo(THREADS * PER_THREAD);
        assertThat(stats.failed()).isZero();
        Accounting.assertAccounted(stats, THREADS * PER_THREAD);
        double rowsPerFlush = (double) rows.size() / flushes;
        assertThat(rowsPerFlush).as("rows per batched insert (%d flushes)", flushes).isGreaterThan(1.0);
        System.out.printf("[figures] log4j2 jdbc: %d rows in %d batched inserts, %.1f rows per insert on average%n",
                rows.size(), flushes, rowsPerFlush);
    }

    /**
     * The server stops under load from 4 threads: flushes fail and RingAsync counts each event whose append threw.
     * Log4j2's JDBC manager (2.26) keeps its buffer when it cannot connect and writes it with the next flush that
     * can, but drops it when the insert or commit itself fails; so "failed" counts the appends that threw, which is
     * not the number of rows lost. Nothing hangs; the server comes back on the same port, and every event logged
     * after that reaches it, in order, once.
     */
    @Test
    void aDatabaseStoppedMidRunCountsFailuresAndGetsEveryEventLoggedAfterItReturns() throws Exception {
        RingAsyncAppender ring;
        AtomicLong[] firstAfterRestart = new AtomicLong[THREADS];
        Arrays.setAll(firstAfterRestart, t -> new AtomicLong(-1));
        long logged;
        LoggerContext context = TestContexts.start("jdbc.xml", dir);
        try (StatusCapture status = StatusCapture.start()) {
            ring = appender(context, "RING", RingAsyncAppender.class);
            Logger logger = context.getLogger("outage");
            RingAsyncAppender watched = ring;
            AtomicBoolean restarted = new AtomicBoolean();
            AtomicBoolean stopProducers = new AtomicBoolean();
            AtomicReference<Throwable> driverFailure = new AtomicReference<>();
            Thread driver = new Thread(() -> {
                try {
                    await().atMost(WAIT).until(() -> database.count() >= 2_000);
                    database.stop();
                    await().atMost(WAIT).until(() -> watched.getStats().failed() >= 20);
                    database.restart();
                    restarted.set(true);
                    await().atMost(WAIT).until(() -> Arrays.stream(firstAfterRestart).allMatch(first -> first.get() >= 0)
                            && database.count() >= 2_000 + 2_000);
                } catch (Throwable e) {
                    driverFailure.set(e);
                } finally {
                    restarted.set(true);
                    stopProducers.set(true);
                }
            }, "outage-driver");
            driver.start();
            logged = runProducers(stopProducers::get, (thread, i) -> {
                if (restarted.get()) {
                    firstAfterRestart[thread].compareAndSet(-1, i);
                }
                logger.info("w{} {}", thread, i);
                // Load shaping, not synchronisation: ~20k events/s per thread keeps the outage's error reports readable.
                LockSupport.parkNanos(50_000);
            }, Integer.MAX_VALUE, firstAfterRestart);
            driver.join(WAIT.toMillis());
            assertThat(driver.isAlive()).isFalse();
            assertThat(driverFailure.get()).as("stopping, restarting and watching the server").isNull();
            long stopBegin = System.nanoTime();
            context.stop();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopBegin)).as("stop() after the outage").isLessThan(30_000);
            assertThat(status.messages()).as("failed flushes reported through the StatusLogger").isNotEmpty();
        }
        PipelineStats stats = ring.getStats();
        Accounting.assertAccounted(stats, logged);
        assertThat(stats.failed()).as("failed flushes counted: %s", stats).isGreaterThanOrEqualTo(20);
        assertThat(stats.queueSize()).isZero();
        List<String> rows = database.messages();
        // Not "at most delivered": an event counted as failed (its connect was refused) stays in the JDBC buffer and
        // is written by the first flush after the restart.
        assertThat((long) rows.size()).as("rows written, at most the events logged").isLessThanOrEqualTo(logged);
        long[] from = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            from[t] = firstAfterRestart[t].get();
            assertThat(from[t]).as("thread %d logged after the restart", t).isGreaterThanOrEqualTo(0);
        }
        assertPerThreadOrder(rows, from);
        System.out.printf("[figures] log4j2 jdbc outage: logged=%d delivered=%d failed=%d rows=%d%n",
                logged, stats.delivered(), stats.failed(), rows.size());
    }

    private interface Step {
        void log(int thread, int i);
    }

    /** Runs the producers until each logged {@code perThread} events or {@code done} says so; returns the events logged. */
    private static long runProducers(BooleanSupplier done, Step step, int perThread, AtomicLong[] firstMarks)
            throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Thread> producers = new ArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        AtomicLong logged = new AtomicLong();
        for (int t = 0; t < THREADS; t++) {
            int id = t;
            if (firstMarks[t] == null) {
                firstMarks[t] = new AtomicLong(-1);
            }
            Thread producer = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < perThread && !done.getAsBoolean(); i++) {
                        step.log(id, i);
                        logged.incrementAndGet();
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "producer-" + t);
            producer.start();
            producers.add(producer);
        }
        for (Thread producer : producers) {
            producer.join(WAIT.toMillis() * 2);
            assertThat(producer.isAlive()).as("%s still logging", producer.getName()).isFalse();
        }
        assertThat(failures).isEmpty();
        return logged.get();
    }

    /**
     * Each thread's rows come in the order it logged them, without a gap or a duplicate, from {@code from[thread]}
     * on; rows before that (events logged while the server was down or in a flush that failed) may be missing.
     */
    private static void assertPerThreadOrder(List<String> rows, long[] from) {
        long[] next = from.clone();
        long[] last = new long[THREADS];
        Arrays.fill(last, -1);
        for (String row : rows) {
            String[] parts = row.split(" ");
            int thread = Integer.parseInt(parts[0].substring(1));
            long i = Long.parseLong(parts[1]);
            assertThat(i).as("thread %d: each row after the one before", thread).isGreaterThan(last[thread]);
            last[thread] = i;
            if (i >= from[thread]) {
                assertThat(i).as("thread %d: no gap from %d on", thread, from[thread]).isEqualTo(next[thread]);
                next[thread]++;
            }
        }
        for (int t = 0; t < THREADS; t++) {
            assertThat(next[t]).as("thread %d: rows up to its last event", t).isEqualTo(last[t] + 1);
        }
    }
}
