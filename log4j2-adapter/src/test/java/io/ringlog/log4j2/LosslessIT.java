package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.contract.Accounting;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Under BLOCK nothing is lost and each thread's order is kept, with producers waiting on a small ring. */
class LosslessIT {
    private static final int THREADS = 4;
    private static final int PER_THREAD = 5_000;

    @TempDir
    Path dir;

    @Test
    void fourProducersLoseNothingAndKeepTheirOrder() throws Exception {
        RingAsyncAppender ring;
        try (LoggerContext context = TestContexts.start("lossless.xml", dir)) {
            ring = appender(context, "RING", RingAsyncAppender.class);
            Logger logger = context.getLogger("lossless");
            CyclicBarrier start = new CyclicBarrier(THREADS);
            List<Thread> producers = new ArrayList<>();
            List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                Thread producer = new Thread(() -> {
                    try {
                        start.await();
                        for (int i = 0; i < PER_THREAD; i++) {
                            logger.info("t{} {}", id, i);
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }, "producer-" + t);
                producer.start();
                producers.add(producer);
            }
            for (Thread producer : producers) {
                producer.join(60_000);
                assertThat(producer.isAlive()).isFalse();
            }
            assertThat(failures).isEmpty();
        }
        List<String> lines = lines(dir.resolve("app.log"));
        assertThat(lines).hasSize(THREADS * PER_THREAD);
        int[] next = new int[THREADS];
        for (String line : lines) {
            String[] parts = line.split(" ");
            int thread = Integer.parseInt(parts[0].substring(1));
            assertThat(Integer.parseInt(parts[1])).as("order of thread %d", thread).isEqualTo(next[thread]);
            next[thread]++;
        }
        PipelineStats stats = ring.getStats();
        assertThat(stats.dropped()).isZero();
        assertThat(stats.delivered()).isEqualTo(THREADS * PER_THREAD);
        Accounting.assertAccounted(stats, THREADS * PER_THREAD);
    }
}
