package io.ringlog.micrometer.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.ringlog.micrometer.RinglogMetrics;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Publishes every live Ringlog appender's meters ({@link RinglogMetrics}) when the application has a
 * {@link MeterRegistry}: Spring Boot's metrics auto-configuration binds the binder to it. Ordered after that
 * auto-configuration (under its Spring Boot 4 and Spring Boot 3 names), as Boot's own
 * {@code LogbackMetricsAutoConfiguration}; a {@link RinglogMetrics} bean of the
 * application's own replaces this one.
 */
@AutoConfiguration(afterName = {
        // Spring Boot 4
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        // Spring Boot 3
        "org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(MeterRegistry.class)
public class RinglogMetricsAutoConfiguration {

    /** The binder; closed with the application context, which removes its meters. */
    @Bean
    @ConditionalOnMissingBean
    public RinglogMetrics ringlogMetrics() {
        return new RinglogMetrics();
    }
}
