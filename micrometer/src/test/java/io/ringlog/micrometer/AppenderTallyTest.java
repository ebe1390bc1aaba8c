package io.ringlog.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import io.ringlog.core.LiveAppender;
import io.ringlog.core.LiveAppenders;
import io.ringlog.core.PipelineStats;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The sums behind the counters: they add the stopped pipelines to the live ones and never decrease. */
class AppenderTallyTest {
    private final AppenderTally tally = new AppenderTally();

    private static PipelineStats stats(int capacity, long enqueued, long droppedWarn) {
        long[] dropped = new long[EventLevel.values().length];
        dropped[EventLevel.WARN.ordinal()] = droppedWarn;
        return new PipelineStats(capacity, enqueued, enqueued, 0, 0, dropped, 1, 1_000);
    }

    /** A live appender of the real registry whose counters the test sets. */
    private static LiveAppender appender(AtomicReference<PipelineStats> stats) {
        LiveAppenders.Registration registration = LiveAppenders.register("test", new Object(), "ctx", "A", stats::get);
        LiveAppender appender = LiveAppenders.live().stream().filter(live -> live.framework().equals("test")).findFirst().orElseThrow();
        registration.close();
        return appender;
    }

    @Test
    void addsStoppedPipelinesToOverlappingLiveOnesAndNeverGoesBack() {
        AtomicReference<PipelineStats> older = new AtomicReference<>(stats(64, 10, 2));
        AtomicReference<PipelineStats> newer = new AtomicReference<>(stats(128, 0, 0));
        LiveAppender first = appender(older);
        LiveAppender second = appender(newer);
        tally.started(first);
        tally.started(second);
        assertThat(tally.count(AppenderCount.ENQUEUED)).isEqualTo(10);
        assertThat(tally.capacity()).as("the newest").isEqualTo(128);

        newer.set(stats(128, 4, 1));
        assertThat(tally.stopped(first)).as("another is still live").isFalse();
        assertThat(tally.count(AppenderCount.ENQUEUED)).isEqualTo(14);
        assertThat(tally.count(AppenderCount.dropped(EventLevel.WARN, DropReason.QUEUE_FULL))).isEqualTo(3);
        assertThat(tally.count(AppenderCount.CALLERS_BLOCKED)).isEqualTo(2);
        assertThat(tally.count(AppenderCount.CALLERS_BLOCKED_NANOS)).isEqualTo(2_000);

        newer.set(stats(128, 3, 1));
        assertThat(tally.count(AppenderCount.ENQUEUED)).as("a momentary dip is not reported").isEqualTo(14);
        newer.set(stats(128, 6, 1));
        assertThat(tally.stopped(second)).isTrue();
        assertThat(tally.count(AppenderCount.ENQUEUED)).isEqualTo(16);
        assertThat(tally.capacity()).isZero();
        assertThat(tally.queueSize()).isZero();
    }
}
