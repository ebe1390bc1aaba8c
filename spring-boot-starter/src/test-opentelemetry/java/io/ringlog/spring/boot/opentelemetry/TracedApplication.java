package io.ringlog.spring.boot.opentelemetry;

import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizerProvider;
import io.opentelemetry.sdk.logs.export.SimpleLogRecordProcessor;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot application with both starters: OpenTelemetry's configures the SDK from {@code otel.*} properties,
 * Ringlog's puts its appender in front. Its log records go to an in-memory exporter, beside none of OpenTelemetry's
 * own exporters, and to a counting one ({@link SlowCountingExporter}): nothing leaves the JVM.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class TracedApplication {

    /** The application, with no web server and OpenTelemetry's exporters switched off, plus these properties. */
    public static SpringApplicationBuilder withProperties(String... properties) {
        return new SpringApplicationBuilder(TracedApplication.class).web(WebApplicationType.NONE)
                .properties("otel.traces.exporter=none", "otel.metrics.exporter=none", "otel.logs.exporter=none")
                .properties(properties);
    }

    /** Where the SDK exports log records. */
    @Bean
    InMemoryLogRecordExporter logRecordExporter() {
        return InMemoryLogRecordExporter.create();
    }

    /** Counts the exported records per logger, {@code test.export.delay-micros} per record (0 by default). */
    @Bean
    SlowCountingExporter slowCountingExporter(@Value("${test.export.delay-micros:0}") long delayMicros) {
        return new SlowCountingExporter(delayMicros);
    }

    /** Read by OpenTelemetry's starter, as any {@code AutoConfigurationCustomizerProvider} bean is. */
    @Bean
    AutoConfigurationCustomizerProvider exportLogsToMemory(InMemoryLogRecordExporter exporter, SlowCountingExporter counting) {
        return customizer -> customizer.addLoggerProviderCustomizer((builder, config) -> builder
                .addLogRecordProcessor(SimpleLogRecordProcessor.create(exporter))
                .addLogRecordProcessor(SimpleLogRecordProcessor.create(counting)));
    }
}
