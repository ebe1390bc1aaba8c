package io.ringlog.spring.boot.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender;
import io.opentelemetry.instrumentation.spring.autoconfigure.internal.instrumentation.logging.LogbackAppenderApplicationListener;
import io.ringlog.logback.RingAsyncAppender;
import io.ringlog.spring.boot.logging.RinglogLoggingListener;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationListener;

/**
 * Logback with Spring Boot's default configuration: OpenTelemetry's starter adds its appender to the root logger,
 * Ringlog's puts every root appender behind its own. Both listeners are registered in {@code spring.factories}, so the
 * class path decides which Spring registers first; each subclass registers them in one order, and in both OpenTelemetry's
 * appender must end up behind Ringlog's.
 */
abstract class LogbackOpenTelemetryStarterContract extends OpenTelemetryStarterContract {

    /** True to register Ringlog's listener before OpenTelemetry's, false for the other way round. */
    protected abstract boolean ringlogListenerRegisteredFirst();

    @Override
    protected SpringApplicationBuilder application() {
        SpringApplicationBuilder builder = TracedApplication.withProperties();
        SpringApplication application = builder.application();
        List<ApplicationListener<?>> listeners = new ArrayList<>(application.getListeners());
        ApplicationListener<?> ringlog = only(listeners, RinglogLoggingListener.class);
        ApplicationListener<?> openTelemetry = only(listeners, LogbackAppenderApplicationListener.class);
        listeners.remove(ringlog);
        listeners.remove(openTelemetry);
        listeners.addAll(ringlogListenerRegisteredFirst() ? List.of(ringlog, openTelemetry) : List.of(openTelemetry, ringlog));
        application.setListeners(listeners);
        return builder;
    }

    @Override
    protected void assertOpenTelemetryAppenderBehindRinglog() {
        Logger root = ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(Logger.ROOT_LOGGER_NAME);
        List<Appender<ILoggingEvent>> onRoot = new ArrayList<>();
        root.iteratorForAppenders().forEachRemaining(onRoot::add);
        assertThat(onRoot).singleElement().isInstanceOf(RingAsyncAppender.class);
        List<Appender<ILoggingEvent>> behindRinglog = new ArrayList<>();
        ((RingAsyncAppender) onRoot.get(0)).iteratorForAppenders().forEachRemaining(behindRinglog::add);
        assertThat(behindRinglog).hasAtLeastOneElementOfType(OpenTelemetryAppender.class);
    }

    private static ApplicationListener<?> only(List<ApplicationListener<?>> listeners, Class<?> type) {
        List<ApplicationListener<?>> found = listeners.stream().filter(type::isInstance).toList();
        assertThat(found).as("registered listeners of type %s", type.getName()).hasSize(1);
        return found.get(0);
    }
}
