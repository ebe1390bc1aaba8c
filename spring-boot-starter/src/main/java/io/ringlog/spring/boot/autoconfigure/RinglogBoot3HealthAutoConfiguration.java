package io.ringlog.spring.boot.autoconfigure;

import io.ringlog.spring.boot.RinglogProperties;
import io.ringlog.spring.boot.health.AppenderHealthCheck;
import io.ringlog.spring.boot.health.RinglogBoot3HealthIndicator;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The {@code ringlog} health contributor on Spring Boot 3 ({@link RinglogBoot3HealthIndicator}), when the actuator
 * is present and the indicator is enabled ({@code management.health.ringlog.enabled}, default
 * {@code management.health.defaults.enabled}); as {@link RinglogHealthAutoConfiguration}
 * does on Spring Boot 4.
 */
@AutoConfiguration(after = RinglogAutoConfiguration.class,
        beforeName = "org.springframework.boot.actuate.autoconfigure.health.HealthContributorAutoConfiguration")
@ConditionalOnClass(name = "org.springframework.boot.actuate.health.AbstractHealthIndicator")
@ConditionalOnEnabledHealthIndicator("ringlog")
public class RinglogBoot3HealthAutoConfiguration {

    /** The contributor, judging stalls by {@code ringlog.health.stall-timeout}. */
    @Bean(RinglogHealthAutoConfiguration.BEAN_NAME)
    @ConditionalOnMissingBean(name = RinglogHealthAutoConfiguration.BEAN_NAME)
    public RinglogBoot3HealthIndicator ringlogHealthIndicator(RinglogProperties properties) {
        return new RinglogBoot3HealthIndicator(new AppenderHealthCheck(properties.getHealth().getStallTimeout()));
    }
}
