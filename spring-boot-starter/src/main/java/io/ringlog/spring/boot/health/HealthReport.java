package io.ringlog.spring.boot.health;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one {@link AppenderHealthCheck}: the worst appender's {@link AppenderHealth}, with one detail per live
 * appender ({@code <framework>/<context>/<appender>}: its status, queue size, capacity, delivered, delivered-directly,
 * dropped and failed counts) and, unless UP, the reasons. Immutable.
 */
public final class HealthReport {
    private final AppenderHealth status;
    private final List<String> problems;
    private final Map<String, Object> details;

    HealthReport(AppenderHealth status, List<String> problems, Map<String, Object> appenders) {
        this.status = status;
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
        return status == AppenderHealth.UP;
    }

    /** The worst appender's health; its name is the Spring Boot status code to report. */
    public AppenderHealth status() {
        return status;
    }

    /** What is wrong, one entry per unhealthy appender; empty when UP. */
    public List<String> problems() {
        return problems;
    }

    /** The health details: {@code reason} unless UP, and {@code appenders}. */
    public Map<String, Object> details() {
        return details;
    }
}
