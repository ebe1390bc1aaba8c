package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.PipelineStats;
import java.lang.Thread.State;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/** Shared assertions: the accounting invariants of {@link PipelineStats}, and waiting for a parked caller. */
final class StatsAssertions {

    private StatsAssertions() {
    }

    /** Every logged event is counted once: enqueued or dropped; every enqueued one delivered, failed or queued. */
    static void assertAccounted(PipelineStats stats, long logged) {
        assertThat(stats.enqueued() + stats.dropped()).as("enqueued + dropped == logged, %s", stats).isEqualTo(logged);
        assertThat(stats.received()).isEqualTo(logged);
        assertThat(stats.delivered() + stats.failed() + stats.queueSize()).as("delivered + failed + queue == enqueued, %s", stats)
                .isEqualTo(stats.enqueued());
    }

    /** Waits until {@code thread} is parked (waiting for a free slot, in these tests). */
    static void awaitParked(Thread thread) {
        Awaitility.await().atMost(10, TimeUnit.SECONDS)
                .until(() -> thread.getState() == State.WAITING || thread.getState() == State.TIMED_WAITING);
    }

    /** Starts a named producer thread. */
    static Thread startThread(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.start();
        return thread;
    }
}
