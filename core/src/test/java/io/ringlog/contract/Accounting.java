package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.PipelineStats;

/** The identities a Ringlog appender's counters must satisfy, whatever happened to its events. */
public final class Accounting {

    private Accounting() {
    }

    /**
     * Every one of {@code logged} events was received once, and is enqueued, dropped or delivered on the caller's
     * thread; every enqueued one is delivered, failed or still queued.
     */
    public static void assertAccounted(PipelineStats stats, long logged) {
        assertThat(stats.received()).as("received == logged: %s", stats).isEqualTo(logged);
        assertThat(stats.enqueued() + stats.dropped() + stats.deliveredDirectly())
                .as("enqueued + dropped + deliveredDirectly == logged: %s", stats).isEqualTo(logged);
        assertThat(stats.delivered() + stats.failed() + stats.queueSize()).as("delivered + failed + queue == enqueued: %s", stats)
                .isEqualTo(stats.enqueued());
    }
}
