package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.PipelineStats;

/** The counting invariants every pipeline keeps. */
final class StatsAssertions {
    private StatsAssertions() {
    }

    /** {@code enqueued + dropped + deliveredDirectly == logged} and {@code delivered + failed + queue == enqueued}. */
    static void assertAccounted(PipelineStats stats, long logged) {
        assertThat(stats.enqueued() + stats.dropped() + stats.deliveredDirectly())
                .as("enqueued + dropped + deliveredDirectly == logged: %s", stats).isEqualTo(logged);
        assertThat(stats.delivered() + stats.failed() + stats.queueSize()).as("delivered + failed + queue == enqueued: %s", stats)
                .isEqualTo(stats.enqueued());
    }
}
