package io.ringlog.spring.boot.health;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The {@code ringlog} health contributor on Spring Boot 4: UP while every live Ringlog appender delivers, DOWN when one
 * has stalled, OUT_OF_SERVICE when one's consumer failed and its callers write directly, with the reason
 * ({@link AppenderHealthCheck}) and each appender's counts as details. Any thread.
 */
public class RinglogHealthIndicator extends AbstractHealthIndicator {
    private final AppenderHealthCheck check;

    /** An indicator reporting what {@code check} finds. */
    public RinglogHealthIndicator(AppenderHealthCheck check) {
        super("Ringlog health check failed");
        this.check = check;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        HealthReport report = check.check();
        builder.status(report.status().name()).withDetails(report.details());
    }
}
