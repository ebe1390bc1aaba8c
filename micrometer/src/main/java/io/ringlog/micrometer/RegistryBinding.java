package io.ringlog.micrometer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import io.ringlog.core.LiveAppender;
import io.ringlog.core.LiveAppenders;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One {@link RinglogMetrics} bound to one registry: follows {@link LiveAppenders} and keeps, per appender identity,
 * a tally and the meters registered for it while it is live. {@link LiveAppenders} calls the listener one change at
 * a time; {@code identities} is guarded by this object's monitor as well, for {@link #close()}.
 */
final class RegistryBinding implements LiveAppenders.Listener {
    private final MeterRegistry registry;
    private final Tags tags;
    private final Map<List<String>, Identity> identities = new HashMap<>();
    private LiveAppenders.Registration subscription;
    private boolean closed;

    private RegistryBinding(MeterRegistry registry, Tags tags) {
        this.registry = registry;
        this.tags = tags;
    }

    static RegistryBinding bind(MeterRegistry registry, Tags tags) {
        RegistryBinding binding = new RegistryBinding(registry, tags);
        LiveAppenders.Registration subscription = LiveAppenders.subscribe(binding);
        synchronized (binding) {
            binding.subscription = subscription;
        }
        return binding;
    }

    @Override
    public synchronized void started(LiveAppender appender) {
        if (closed) {
            return;
        }
        Identity identity = identities.computeIfAbsent(List.of(appender.framework(), appender.contextName(), appender.name()),
                key -> new Identity());
        identity.tally.started(appender);
        if (identity.meters.isEmpty()) {
            register(identity, tags.and("framework", appender.framework(), "context", appender.contextName(),
                    "appender", appender.name()));
        }
    }

    @Override
    public synchronized void stopped(LiveAppender appender) {
        Identity identity = identities.get(List.of(appender.framework(), appender.contextName(), appender.name()));
        if (identity != null && identity.tally.stopped(appender)) {
            removeMeters(identity);
        }
    }

    private void register(Identity identity, Tags appenderTags) {
        AppenderTally tally = identity.tally;
        List<Meter> meters = identity.meters;
        meters.add(Gauge.builder("ringlog.queue.size", tally, AppenderTally::queueSize).tags(appenderTags)
                .description("Events accepted by the Ringlog appender and not yet handed on").register(registry));
        meters.add(Gauge.builder("ringlog.queue.capacity", tally, AppenderTally::capacity).tags(appenderTags)
                .description("The capacity of the Ringlog appender's ring").register(registry));
        meters.add(counter("ringlog.events.enqueued", "Events accepted into the ring", tally, AppenderCount.ENQUEUED, appenderTags));
        meters.add(counter("ringlog.events.delivered", "Events handed on to the downstream appenders without an exception",
                tally, AppenderCount.DELIVERED, appenderTags));
        meters.add(counter("ringlog.events.failed", "Events on which a downstream appender threw", tally, AppenderCount.FAILED,
                appenderTags));
        meters.add(counter("ringlog.events.delivered.directly", "Events written on the caller's thread, outside the ring (after a stop, "
                + "after the consumer failed, or from a thread that must not wait)", tally, AppenderCount.DELIVERED_DIRECTLY, appenderTags));
        for (DropReason reason : DropReason.values()) {
            for (EventLevel level : EventLevel.values()) {
                meters.add(counter("ringlog.events.dropped", "Events dropped by the full-queue policy, the discarding threshold, the block "
                        + "bound or a stop", tally, AppenderCount.dropped(level, reason),
                        appenderTags.and("level", level.name().toLowerCase(Locale.ROOT), "reason", reason.tagValue())));
            }
        }
        // One meter for the callers that waited: its count is how many, its total how long.
        meters.add(FunctionTimer.builder("ringlog.callers.blocked", tally, t -> t.count(AppenderCount.CALLERS_BLOCKED),
                        t -> t.count(AppenderCount.CALLERS_BLOCKED_NANOS), TimeUnit.NANOSECONDS)
                .tags(appenderTags).description("Callers that found the ring full and waited for room, and how long they waited")
                .register(registry));
    }

    private FunctionCounter counter(String name, String description, AppenderTally tally, AppenderCount count, Tags meterTags) {
        // No base unit: the names already say "events", and Prometheus would append it again (ringlog_events_dropped_events_total).
        return FunctionCounter.builder(name, tally, t -> t.count(count)).tags(meterTags).description(description).register(registry);
    }

    private void removeMeters(Identity identity) {
        identity.meters.forEach(registry::remove);
        identity.meters.clear();
    }

    /** Unsubscribes and removes every meter this binding registered. Idempotent. */
    void close() {
        LiveAppenders.Registration registered;
        synchronized (this) {
            closed = true;
            registered = subscription;
            identities.values().forEach(this::removeMeters);
            identities.clear();
        }
        if (registered != null) {
            registered.close();
        }
    }

    /** An appender identity: its tally across starts, and its meters while one of its appenders is live. */
    private static final class Identity {
        final AppenderTally tally = new AppenderTally();
        final List<Meter> meters = new ArrayList<>();
    }
}
