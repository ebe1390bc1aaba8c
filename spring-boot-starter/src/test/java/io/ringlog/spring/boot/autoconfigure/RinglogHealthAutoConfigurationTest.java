package io.ringlog.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.spring.boot.health.RinglogHealthIndicator;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The health contributor's auto-configuration on Spring Boot 4: its conditions, and Boot 3's staying out. */
class RinglogHealthAutoConfigurationTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(
            RinglogAutoConfiguration.class, RinglogHealthAutoConfiguration.class, RinglogBoot3HealthAutoConfiguration.class));

    @Test
    void definesTheRinglogContributorForBoot4Only() {
        runner.run(context -> {
            assertThat(context).hasSingleBean(HealthIndicator.class);
            assertThat(context.getBean(RinglogHealthAutoConfiguration.BEAN_NAME)).isInstanceOf(RinglogHealthIndicator.class);
        });
    }

    @Test
    void isLeftOutWhenDisabledByItsOwnPropertyOrByTheDefault() {
        runner.withPropertyValues("management.health.ringlog.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(RinglogHealthAutoConfiguration.BEAN_NAME));
        runner.withPropertyValues("management.health.defaults.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(RinglogHealthAutoConfiguration.BEAN_NAME));
        runner.withPropertyValues("management.health.defaults.enabled=false", "management.health.ringlog.enabled=true")
                .run(context -> assertThat(context).hasBean(RinglogHealthAutoConfiguration.BEAN_NAME));
    }

    @Test
    void backsOffForTheApplicationsOwnBeanOfThatName() {
        runner.withUserConfiguration(OwnIndicator.class).run(context -> assertThat(context.getBean(RinglogHealthAutoConfiguration.BEAN_NAME))
                .isSameAs(OwnIndicator.OWN));
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnIndicator {
        static final HealthIndicator OWN = () -> Health.up().build();

        @Bean(RinglogHealthAutoConfiguration.BEAN_NAME)
        HealthIndicator ringlogHealthIndicator() {
            return OWN;
        }
    }
}
