package io.ringlog.spring.boot.health;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * The {@code ringlog} health contributor on Spring Boot 3 (whose health API lives in
 * {@code org.springframework.boot.actuate.health}); otherwise as {@link RinglogHealthIndicator}. Any thread.
 */
public class RinglogBoot3HealthIndicator extends AbstractHealthIndicator {
    private final AppenderHealthCheck check;

    /** An indicator reporting what {@code check} finds. */
    public RinglogBoot3HealthIndicator(AppenderHealthCheck check) {
        super("Ringlog health check failed");
        this.check = check;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        HealthReport report = check.check();
        builder.status(report.status().name()).withDetails(report.details());
    }
}
