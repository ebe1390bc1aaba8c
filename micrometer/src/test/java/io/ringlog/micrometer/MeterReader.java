package io.ringlog.micrometer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.Search;
import java.util.concurrent.TimeUnit;

/** Reads the meters of one logging context's Ringlog appenders from a registry. */
final class MeterReader {
    private final MeterRegistry registry;
    private final String framework;
    private final String context;

    MeterReader(MeterRegistry registry, String framework, String context) {
        this.registry = registry;
        this.framework = framework;
        this.context = context;
    }

    private Search find(String name, String appender) {
        return registry.find(name).tags("framework", framework, "context", context, "appender", appender);
    }

    /** A function counter's value; fails if the meter is missing. */
    double count(String name, String appender) {
        return registry.get(name).tags("framework", framework, "context", context, "appender", appender).functionCounter().count();
    }

    /** The drops of {@code level}, summed over the reasons. */
    double dropped(String appender, String level) {
        return find("ringlog.events.dropped", appender).tag("level", level).functionCounters().stream()
                .mapToDouble(FunctionCounter::count).sum();
    }

    /** The drops of {@code level} for one {@code reason} tag. */
    double dropped(String appender, String level, String reason) {
        return find("ringlog.events.dropped", appender).tags("level", level, "reason", reason).functionCounter().count();
    }

    /** A gauge's value, or null if the appender has no such gauge. */
    Double gauge(String name, String appender) {
        Gauge gauge = find(name, appender).gauge();
        return gauge == null ? null : gauge.value();
    }

    long blockedCallsTimed(String appender) {
        return (long) find("ringlog.callers.blocked", appender).functionTimer().count();
    }

    double blockedMillis(String appender) {
        FunctionTimer timer = find("ringlog.callers.blocked", appender).functionTimer();
        return timer.totalTime(TimeUnit.MILLISECONDS);
    }

    /** How many Ringlog meters this appender (null: every appender of the context) has. */
    int meterCount(String appender) {
        return (int) registry.getMeters().stream()
                .filter(meter -> meter.getId().getName().startsWith("ringlog."))
                .filter(meter -> framework.equals(meter.getId().getTag("framework")))
                .filter(meter -> context.equals(meter.getId().getTag("context")))
                .filter(meter -> appender == null || appender.equals(meter.getId().getTag("appender")))
                .count();
    }
}
