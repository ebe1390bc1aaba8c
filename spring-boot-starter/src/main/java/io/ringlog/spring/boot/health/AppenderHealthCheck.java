package io.ringlog.spring.boot.health;

import io.ringlog.core.LiveAppender;
import io.ringlog.core.LiveAppenders;
import io.ringlog.core.PipelineStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The health of every live Ringlog appender ({@link LiveAppenders}), for both Spring Boot lines' health indicators.
 * An appender is healthy while it delivers, or has nothing to deliver. It is unhealthy at once when its pipeline has
 * failed (its consumer thread ended on an unexpected throwable), and when, for at least the stall
 * timeout, its downstream has failed every event it was given (failures and no delivery), or events have waited in
 * its ring while nothing was delivered or failed (a stuck downstream, or a consumer that no longer runs). Progress is
 * measured between checks: the first check that sees an appender takes its counts as the baseline. Any thread; checks
 * are serialised.
 */
public final class AppenderHealthCheck {
    private final Supplier<List<LiveAppender>> appenders;
    private final long stallTimeoutNanos;
    private final LongSupplier nanoTime;
    private final Map<LiveAppender, Progress> progress = new IdentityHashMap<>();

    /** Checks the live appenders of this class loader, with the system clock. */
    public AppenderHealthCheck(Duration stallTimeout) {
        this(LiveAppenders::live, stallTimeout, System::nanoTime);
    }

    AppenderHealthCheck(Supplier<List<LiveAppender>> appenders, Duration stallTimeout, LongSupplier nanoTime) {
        this.appenders = appenders;
        this.stallTimeoutNanos = stallTimeout.toNanos();
        this.nanoTime = nanoTime;
    }

    /** Checks every live appender now. */
    public synchronized HealthReport check() {
        long now = nanoTime.getAsLong();
        List<LiveAppender> live = appenders.get();
        progress.keySet().retainAll(live); // LiveAppender compares by identity: stopped appenders are forgotten
        Map<String, Object> details = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (LiveAppender appender : live) {
            PipelineStats stats = appender.stats();
            Progress previous = progress.computeIfAbsent(appender, a -> new Progress(stats, now));
            String problem = appender.failed()
                    ? "its consumer thread failed: events are written on the callers' threads, synchronously, until the appender is restarted "
                            + "(see the ERROR status message)"
                    : previous.advance(stats, now, stallTimeoutNanos);
            String key = appender.framework() + "/" + appender.contextName() + "/" + appender.name();
            details.put(key, details(stats, problem));
            if (problem != null) {
                problems.add(key + ": " + problem);
            }
        }
        return new HealthReport(problems, details);
    }

    private static Map<String, Object> details(PipelineStats stats, String problem) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("status", problem == null ? "UP" : "DOWN");
        if (problem != null) {
            details.put("reason", problem);
        }
        details.put("queueSize", stats.queueSize());
        details.put("capacity", stats.capacity());
        details.put("delivered", stats.delivered());
        details.put("dropped", stats.dropped());
        details.put("failed", stats.failed());
        return details;
    }

    /** One appender's counts at the last check, and since when it has made no progress. Guarded by the check's monitor. */
    private static final class Progress {
        private long delivered;
        private long failed;
        private long healthySince;

        Progress(PipelineStats stats, long now) {
            delivered = stats.delivered();
            failed = stats.failed();
            healthySince = now;
        }

        /** Takes in the counts of this check; returns what is wrong, or null. */
        String advance(PipelineStats stats, long now, long stallTimeoutNanos) {
            boolean deliveredSome = stats.delivered() > delivered;
            boolean failedSome = stats.failed() > failed;
            long newlyFailed = stats.failed() - failed;
            delivered = stats.delivered();
            failed = stats.failed();
            if (deliveredSome || (!failedSome && stats.queueSize() == 0)) {
                healthySince = now; // delivering, or idle
                return null;
            }
            long stalledNanos = now - healthySince;
            if (stalledNanos < stallTimeoutNanos) {
                return null;
            }
            Duration stalled = Duration.ofNanos(stalledNanos);
            return failedSome
                    ? "its downstream appenders have failed every event for " + stalled + " (" + newlyFailed + " failed since the last check, none delivered)"
                    : stats.queueSize() + " events have waited in its ring for " + stalled + " while none was delivered: its downstream is stuck or its "
                            + "consumer thread no longer runs";
        }
    }
}
