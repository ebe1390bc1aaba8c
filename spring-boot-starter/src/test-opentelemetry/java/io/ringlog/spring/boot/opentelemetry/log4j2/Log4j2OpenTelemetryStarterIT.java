package io.ringlog.spring.boot.opentelemetry.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.instrumentation.log4j.appender.v2_17.OpenTelemetryAppender;
import io.ringlog.log4j2.RingAsyncAppender;
import io.ringlog.spring.boot.opentelemetry.OpenTelemetryStarterContract;
import io.ringlog.spring.boot.opentelemetry.TracedApplication;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * Log4j2: OpenTelemetry's starter adds no appender to Spring Boot's default configuration, so the application names
 * one in its own, behind {@code <RingAsync>} ({@code opentelemetry-log4j2.xml}); OpenTelemetry's starter installs its
 * SDK into it when the application is ready, and Ringlog's starter leaves the configuration as it is.
 */
class Log4j2OpenTelemetryStarterIT extends OpenTelemetryStarterContract {

    @Override
    protected SpringApplicationBuilder application() {
        return TracedApplication.withProperties("logging.config=classpath:io/ringlog/spring/boot/opentelemetry/opentelemetry-log4j2.xml");
    }

    @Override
    protected void assertOpenTelemetryAppenderBehindRinglog() {
        Configuration configuration = ((LoggerContext) LogManager.getContext(false)).getConfiguration();
        assertThat(configuration.getRootLogger().getAppenders()).containsOnlyKeys("ASYNC");
        RingAsyncAppender ring = (RingAsyncAppender) configuration.getAppender("ASYNC");
        assertThat(ring.getAppenderRefStrings()).contains("OTEL");
        assertThat((Object) configuration.getAppender("OTEL")).isInstanceOf(OpenTelemetryAppender.class);
    }
}
