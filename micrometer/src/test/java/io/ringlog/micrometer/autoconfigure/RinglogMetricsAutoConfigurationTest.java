package io.ringlog.micrometer.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.ringlog.core.EventLevel;
import io.ringlog.core.LiveAppenders;
import io.ringlog.core.PipelineStats;
import io.ringlog.micrometer.RinglogMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The auto-configuration, as Spring Boot 4 loads it from the AutoConfiguration.imports of this module. */
class RinglogMetricsAutoConfigurationTest {
    private static final PipelineStats STATS = new PipelineStats(256, 7, 7, 0, new long[EventLevel.values().length]);

    private final LiveAppenders.Registration appender = LiveAppenders.register("logback", new Object(), "boot", "ASYNC", () -> STATS);

    @AfterEach
    void stopAppender() {
        appender.close();
    }

    private final ApplicationContextRunner withMetrics = new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(
            MetricsAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class,
            SimpleMetricsExportAutoConfiguration.class, RinglogMetricsAutoConfiguration.class));

    @Test
    void bindsEveryLiveAppenderToTheApplicationsRegistryAndRemovesItsMetersOnClose() {
        MeterRegistry[] registry = new MeterRegistry[1];
        withMetrics.run(context -> {
            assertThat(context).hasSingleBean(RinglogMetrics.class);
            registry[0] = context.getBean(MeterRegistry.class);
            assertThat(registry[0].get("ringlog.events.enqueued")
                    .tags("framework", "logback", "context", "boot", "appender", "ASYNC").functionCounter().count()).isEqualTo(7);
            assertThat(registry[0].get("ringlog.queue.capacity").tag("appender", "ASYNC").gauge().value()).isEqualTo(256);
        });
        assertThat(registry[0].find("ringlog.events.enqueued").meters()).as("the binder is closed with the context").isEmpty();
    }

    @Test
    void backsOffWithoutAMeterRegistry() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RinglogMetricsAutoConfiguration.class))
                .run(context -> assertThat(context).doesNotHaveBean(RinglogMetrics.class));
    }

    @Test
    void backsOffWhenTheApplicationDefinesItsOwnBinder() {
        withMetrics.withUserConfiguration(OwnBinder.class).run(context -> {
            assertThat(context).hasSingleBean(RinglogMetrics.class);
            assertThat(context.getBean(RinglogMetrics.class)).isSameAs(context.getBean(OwnBinder.class).binder);
        });
    }

    @Test
    void isListedInTheAutoConfigurationImports() throws Exception {
        try (var imports = getClass().getResourceAsStream(
                "/META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports")) {
            assertThat(new String(imports.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim())
                    .isEqualTo(RinglogMetricsAutoConfiguration.class.getName());
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnBinder {
        final RinglogMetrics binder = new RinglogMetrics();

        @Bean
        RinglogMetrics ringlogMetrics() {
            return binder;
        }
    }
}
