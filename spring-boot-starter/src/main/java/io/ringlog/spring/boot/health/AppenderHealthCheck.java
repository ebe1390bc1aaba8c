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
 * An appender is {@link AppenderHealth#UP UP} while it delivers, or has nothing to deliver. It is
 * {@link AppenderHealth#OUT_OF_SERVICE OUT_OF_SERVICE} at once when its pipeline has failed (its consumer thread ended on
 * an unexpected throwable): logging still works, on the callers' threads, so the appender is not DOWN, but it is no
 * longer asynchronous until it is restarted. It is {@link AppenderHealth#DOWN DOWN} when, for at least the stall
 * timeout, its downstream has failed every event it was given (failures and no delivery), or events have waited in
 * its ring while nothing was delivered or failed (a stuck downstream, or a consumer that no longer runs). Once DOWN,
 * it is UP again when its ring is empty and nothing failed since the last check, or when every check has seen it
 * deliver for half the stall timeout: a downstream that delivers a trickle near the stall timeout does not flap
 * between UP and DOWN from one check to the next. Progress is measured between checks: the first check that sees an
 * appender takes its counts as the baseline. Any thread; checks are serialised.
 */
public final class AppenderHealthCheck {
    private final Supplier<List<LiveAppender>> appenders;
    private final long stallTimeoutNanos;
    private final LongSupplier nanoTime;
    private final Map<LiveAppender, Progress> progress = new IdentityHashMap<>();

    private static final String FAILED_CONSUMER = "its consumer thread failed: every event is now written on the caller's thread, "
            + "synchronously (nothing is lost, but callers wait for the downstream appenders), until the appender is restarted "
            + "(see the ERROR status message)";

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
        AppenderHealth overall = AppenderHealth.UP;
        for (LiveAppender appender : live) {
            PipelineStats stats = appender.stats();
            Progress previous = progress.computeIfAbsent(appender, a -> new Progress(stats, now));
            String problem = appender.failed() ? FAILED_CONSUMER : previous.advance(stats, now, stallTimeoutNanos);
            AppenderHealth health = problem == null ? AppenderHealth.UP : appender.failed() ? AppenderHealth.OUT_OF_SERVICE : AppenderHealth.DOWN;
            String key = appender.framework() + "/" + appender.contextName() + "/" + appender.name();
            details.put(key, details(stats, health, problem));
            if (problem != null) {
                problems.add(key + ": " + problem);
            }
            overall = overall.worst(health);
        }
        return new HealthReport(overall, problems, details);
    }

    private static Map<String, Object> details(PipelineStats stats, AppenderHealth health, String problem) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("status", health.name());
        if (problem != null) {
            details.put("reason", problem);
        }
        details.put("queueSize", stats.queueSize());
        details.put("capacity", stats.capacity());
        details.put("delivered", stats.delivered());
        details.put("deliveredDirectly", stats.deliveredDirectly());
        details.put("dropped", stats.dropped());
        details.put("failed", stats.failed());
        return details;
    }

    /**
     * One appender's counts at the last check, since when it has made no progress, and, once it was reported stalled,
     * since when every check has seen it deliver. Guarded by the check's monitor.
     */
    private static final class Progress {
        private static final long NOT_RECOVERING = -1;

        private long delivered;
        private long failed;
        private long healthySince;
        private boolean stalled;
        private long recoveringSince = NOT_RECOVERING;

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
            boolean idle = !failedSome && stats.queueSize() == 0;
            if (stalled && !idle) {
                if (!deliveredSome) {
                    recoveringSince = NOT_RECOVERING;
                    return stalledFor(now - healthySince, stats, failedSome, newlyFailed);
                }
                if (recoveringSince == NOT_RECOVERING) {
                    recoveringSince = now;
                }
                long recovery = stallTimeoutNanos / 2;
                if (now - recoveringSince < recovery) {
                    return "it delivers again after a stall (" + stats.queueSize() + " events waiting); it is UP once every check has seen it "
                            + "deliver for " + Duration.ofNanos(recovery) + ", or its ring is empty";
                }
            }
            if (idle || deliveredSome) {
                healthySince = now;
                stalled = false;
                recoveringSince = NOT_RECOVERING;
                return null;
            }
            if (now - healthySince < stallTimeoutNanos) {
                return null;
            }
            stalled = true;
            return stalledFor(now - healthySince, stats, failedSome, newlyFailed);
        }

        private static String stalledFor(long stalledNanos, PipelineStats stats, boolean failedSome, long newlyFailed) {
            Duration stalled = Duration.ofNanos(stalledNanos);
            return failedSome
                    ? "its downstream appenders have failed every event for " + stalled + " (" + newlyFailed + " failed since the last check, none delivered)"
                    : stats.queueSize() + " events have waited in its ring for " + stalled + " while none was delivered: its downstream is stuck or its "
                            + "consumer thread no longer runs";
        }
    }
}
