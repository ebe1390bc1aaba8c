package io.ringlog.micrometer;

import io.ringlog.core.LiveAppender;
import io.ringlog.core.PipelineStats;
import java.util.ArrayList;
import java.util.List;

/**
 * The counts of one appender identity (framework, context name, appender name) across its starts: a reconfiguration
 * replaces the appender with a new one whose pipeline counts from zero, so the tally adds the final counts of the
 * pipelines that stopped to those of the live ones. Several may be live at once (Log4j2 starts the new configuration
 * before it stops the old one). A count read here never decreases, so a monitoring system never mistakes a reload for
 * a counter reset. Any thread; every method holds the tally's monitor briefly and calls no other lock's owner.
 */
final class AppenderTally {
    private final List<LiveAppender> live = new ArrayList<>();
    private final long[] retired = new long[AppenderCount.all().size()];
    /** The highest value each count has returned: a pipeline's enqueued count may dip for a moment while it stops. */
    private final long[] reported = new long[AppenderCount.all().size()];

    synchronized void started(LiveAppender appender) {
        live.add(appender);
    }

    /**
     * Moves a stopped appender's final counts into the retired totals.
     *
     * @return true if no appender of this identity is live any more
     */
    synchronized boolean stopped(LiveAppender appender) {
        if (live.remove(appender)) {
            PipelineStats last = appender.stats();
            for (AppenderCount count : AppenderCount.all()) {
                retired[count.index()] += count.of(last);
            }
        }
        return live.isEmpty();
    }

    /** The count over every pipeline this identity has had; never less than an earlier result. */
    synchronized long count(AppenderCount count) {
        long total = retired[count.index()];
        for (LiveAppender appender : live) {
            total += count.of(appender.stats());
        }
        int i = count.index();
        reported[i] = Math.max(reported[i], total);
        return reported[i];
    }

    /** The events queued in the live pipelines. */
    synchronized long queueSize() {
        long total = 0;
        for (LiveAppender appender : live) {
            total += appender.stats().queueSize();
        }
        return total;
    }

    /** The capacity of the newest live pipeline; 0 when none is live. */
    synchronized int capacity() {
        return live.isEmpty() ? 0 : live.get(live.size() - 1).stats().capacity();
    }
}
