package io.ringlog.spring.boot.health;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one {@link AppenderHealthCheck}: UP unless a problem was found, with one detail per live appender
 * ({@code <framework>/<context>/<appender>}: its status, queue size, capacity, delivered, dropped and failed counts)
 * and, when DOWN, the reasons. Immutable.
 */
public final class HealthReport {
    private final List<String> problems;
    private final Map<String, Object> details;

    HealthReport(List<String> problems, Map<String, Object> appenders) {
        this.problems = List.copyOf(problems);
        Map<String, Object> all = new LinkedHashMap<>();
        if (!problems.isEmpty()) {
            all.put("reason", String.join("; ", problems));
        }
        all.put("appenders", Collections.unmodifiableMap(new LinkedHashMap<>(appenders)));
        this.details = Collections.unmodifiableMap(all);
    }

    /** True if no live appender has a problem (also when none is live). */
    public boolean isUp() {
        return problems.isEmpty();
    }

    /** What is wrong, one entry per unhealthy appender; empty when UP. */
    public List<String> problems() {
        return problems;
    }

    /** The health details: {@code reason} when DOWN, and {@code appenders}. */
    public Map<String, Object> details() {
        return details;
    }
}
