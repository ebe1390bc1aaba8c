package io.ringlog.contract;

import io.ringlog.core.PipelineStats;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Reads a Ringlog appender's counters every millisecond or so while {@link TimedProducers} log, and checks at every sample
 * what must hold while events flow: every event is counted once ({@code received = enqueued + dropped +
 * deliveredDirectly}, between the calls that had returned before the sample and those begun after it), every enqueued one
 * is delivered, failed or still queued ({@code delivered + failed <= enqueued}, so that {@code queueSize} is their exact
 * difference), and no counter goes backwards. One thread of its own; read the results after {@link #stop()}.
 */
final class StatsSampler implements AutoCloseable {
    private static final int VIOLATIONS_KEPT = 10;

    private final Supplier<PipelineStats> stats;
    private final TimedProducers load;
    private final List<String> violations = new ArrayList<>();
    private final Thread thread;
    private volatile boolean stopping;
    private long samples;
    private PipelineStats last;

    private StatsSampler(Supplier<PipelineStats> stats, TimedProducers load) {
        this.stats = stats;
        this.load = load;
        this.thread = TestThreads.startThread("stats-sampler", this::sample);
    }

    static StatsSampler start(Supplier<PipelineStats> stats, TimedProducers load) {
        return new StatsSampler(stats, load);
    }

    private void sample() {
        while (!stopping) {
            long returnedBefore = load.returned();
            PipelineStats now = stats.get();
            long begunAfter = load.begun();
            samples++;
            check(now, returnedBefore, begunAfter);
            last = now;
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    private void check(PipelineStats now, long returnedBefore, long begunAfter) {
        if (now.received() < returnedBefore || now.received() > begunAfter) {
            violation("received " + now.received() + " outside [" + returnedBefore + ", " + begunAfter + "] calls: " + now);
        }
        if (now.delivered() + now.failed() + now.queueSize() != now.enqueued()) {
            violation("delivered + failed + queueSize != enqueued: " + now);
        }
        if (last != null && (now.enqueued() < last.enqueued() || now.delivered() < last.delivered() || now.failed() < last.failed()
                || now.dropped() < last.dropped())) {
            violation("a counter went backwards: " + last + " -> " + now);
        }
    }

    private void violation(String what) {
        if (violations.size() < VIOLATIONS_KEPT) {
            violations.add(what);
        }
    }

    /** Stops sampling and waits for the sampler's thread. */
    void stop() throws InterruptedException {
        stopping = true;
        thread.join(TimeUnit.SECONDS.toMillis(10));
    }

    /** Stops sampling without waiting. */
    @Override
    public void close() {
        stopping = true;
    }

    /** Samples taken; after {@link #stop()}. */
    long samples() {
        return samples;
    }

    /** The first violations found; empty if none. After {@link #stop()}. */
    List<String> violations() {
        return violations;
    }
}
