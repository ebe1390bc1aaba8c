package io.ringlog.examples.starter;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * With {@code load.threads} above 0, that many threads log numbered lines ({@code load-<thread> <n>}) as fast as they
 * can from the moment the application is ready until its context closes (a SIGTERM, say); then each logs how many it
 * logged ({@code load-<thread> stopped after <count> lines}), so that a test can check the file holds every one.
 */
@Component
public class LoggingLoad {
    private static final Logger LOG = LoggerFactory.getLogger(LoggingLoad.class);

    private final int threads;
    private final List<Thread> running = new ArrayList<>();
    private final long[] counts;
    private volatile boolean stopping;

    public LoggingLoad(@Value("${load.threads:0}") int threads) {
        this.threads = threads;
        this.counts = new long[threads];
    }

    @EventListener(ApplicationReadyEvent.class)
    public synchronized void start() {
        for (int t = 0; t < threads; t++) {
            int thread = t;
            Thread worker = new Thread(() -> {
                long n = 0;
                while (!stopping) {
                    LOG.info("load-{} {}", thread, n++);
                }
                counts[thread] = n;
            }, "load-" + t);
            worker.start();
            running.add(worker);
        }
        LOG.info("logging load started: {} threads", threads);
    }

    @EventListener(ContextClosedEvent.class)
    public synchronized void stop() throws InterruptedException {
        stopping = true;
        for (Thread worker : running) {
            worker.join(); // its last count is visible after the join
        }
        for (int t = 0; t < running.size(); t++) {
            LOG.info("load-{} stopped after {} lines", t, counts[t]);
        }
        running.clear();
    }
}
