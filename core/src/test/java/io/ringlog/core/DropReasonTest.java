package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The drop reasons' tag values, and how a snapshot sums its drops by reason and by level. */
class DropReasonTest {

    @Test
    void tagValuesAreOpenTelemetrysErrorTypesWhereItHasThem() {
        assertThat(Arrays.stream(DropReason.values()).map(DropReason::tagValue))
                .containsExactly("queue_full", "discarding_threshold", "block_time_exceeded", "already_shutdown", "queue_bytes_full");
    }

    @Test
    void aSnapshotSumsItsDropsByReasonAndByLevel() {
        long[][] dropped = new long[DropReason.values().length][EventLevel.values().length];
        dropped[DropReason.QUEUE_FULL.ordinal()][EventLevel.INFO.ordinal()] = 3;
        dropped[DropReason.AFTER_STOP.ordinal()][EventLevel.INFO.ordinal()] = 2;
        dropped[DropReason.AFTER_STOP.ordinal()][EventLevel.ERROR.ordinal()] = 1;
        PipelineStats stats = new PipelineStats(8, 10, 10, 0, 0, dropped, 0, 0);
        assertThat(stats.dropped()).isEqualTo(6);
        assertThat(stats.dropped(EventLevel.INFO)).isEqualTo(5);
        assertThat(stats.dropped(DropReason.AFTER_STOP)).isEqualTo(3);
        assertThat(stats.dropped(EventLevel.ERROR, DropReason.AFTER_STOP)).isEqualTo(1);
        assertThat(stats.received()).isEqualTo(16);
        dropped[DropReason.QUEUE_FULL.ordinal()][EventLevel.INFO.ordinal()] = 100;
        assertThat(stats.dropped(DropReason.QUEUE_FULL)).as("copied").isEqualTo(3);
    }

    @Test
    void aSnapshotWithoutReasonsCountsEachDropAsAFullQueue() {
        PipelineStats stats = new PipelineStats(8, 0, 0, 0, new long[] {0, 0, 4, 0, 1});
        assertThat(stats.dropped(DropReason.QUEUE_FULL)).isEqualTo(5);
        assertThat(stats.dropped(DropReason.AFTER_STOP)).isZero();
        assertThatThrownBy(() -> new PipelineStats(8, 0, 0, 0, 0, new long[2][5], 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
