package io.ringlog.spring.boot.autoconfigure;

import io.ringlog.spring.boot.RinglogProperties;
import io.ringlog.spring.boot.health.AppenderHealthCheck;
import io.ringlog.spring.boot.health.RinglogHealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code ringlog} health contributor on Spring Boot 4 ({@link RinglogHealthIndicator}), when Boot's health
 * module is present (the actuator brings it) and the indicator is enabled ({@code management.health.ringlog.enabled},
 * default {@code management.health.defaults.enabled}). A bean named
 * {@value #BEAN_NAME} of the application's own replaces it.
 */
@AutoConfiguration(after = RinglogAutoConfiguration.class,
        beforeName = "org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration")
@ConditionalOnClass(name = "org.springframework.boot.health.contributor.AbstractHealthIndicator")
@ConditionalOnEnabledHealthIndicator("ringlog")
public class RinglogHealthAutoConfiguration {

    /** The bean's name, from which Spring Boot derives the contributor's: {@code ringlog}. */
    public static final String BEAN_NAME = "ringlogHealthIndicator";

    /** The contributor, judging stalls by {@code ringlog.health.stall-timeout}. */
    @Bean(BEAN_NAME)
    @ConditionalOnMissingBean(name = BEAN_NAME)
    public RinglogHealthIndicator ringlogHealthIndicator(RinglogProperties properties) {
        return new RinglogHealthIndicator(new AppenderHealthCheck(properties.getHealth().getStallTimeout()));
    }
}
