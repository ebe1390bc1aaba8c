package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.spi.AppenderAttachable;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender;
import io.ringlog.contract.TracedCallers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * OpenTelemetry's Logback appender behind Ringlog exports every record with the span that was current at its logging
 * call, from several threads at once, and a plain child reading {@code Context.current()} sees the caller's context
 * (span and baggage), never another thread's; behind the stock {@code AsyncAppender} the same records lose their span.
 * Compiled and run apart from the other tests (failsafe execution {@code opentelemetry-it}), the only ones with
 * OpenTelemetry on the class path.
 */
class OpenTelemetryContextIT {
    private final LoggerContext logback = (LoggerContext) LoggerFactory.getILoggerFactory();

    /** Configures Logback's default context, the one {@link OpenTelemetryAppender#install} looks into. */
    private void configure(String scenario) throws JoranException {
        logback.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(logback);
        configurator.doConfigure(OpenTelemetryContextIT.class.getResource(scenario + ".xml"));
    }

    @AfterEach
    void resetLogback() {
        logback.reset();
    }

    private ContextRecordingAppender contextChild() {
        return (ContextRecordingAppender) ((AppenderAttachable<?>) logback.getLogger(Logger.ROOT_LOGGER_NAME)
                .getAppender("RING")).getAppender("CONTEXT");
    }

    private void logFromTracedCallers(TracedCallers callers) throws InterruptedException {
        // install finds the OpenTelemetry appender inside RING: RingAsyncAppender is an AppenderAttachable
        OpenTelemetryAppender.install(callers.openTelemetry());
        callers.logAndAwaitExport(logback.getLogger("app")::info);
    }

    @Test
    void everyRecordIsExportedWithTheSpanOfItsCallThroughRinglog() throws Exception {
        configure("opentelemetry-ring");
        try (TracedCallers callers = new TracedCallers()) {
            logFromTracedCallers(callers);

            callers.assertEveryRecordHasItsCallersSpan();
            await().until(() -> contextChild().seen().size() >= callers.logged());
            callers.assertSeenContextsAreTheCallers(contextChild().seen());
        }
    }

    @Test
    void behindTheStockAsyncAppenderTheRecordsLoseTheirSpan() throws Exception {
        configure("opentelemetry-stock");
        try (TracedCallers callers = new TracedCallers()) {
            logFromTracedCallers(callers);

            callers.assertEveryRecordLostItsSpan();
        }
    }

    @Test
    @SuppressWarnings("try") // the scope is what makes the context current
    void aDeliveredSlotNoLongerHoldsTheCallersContext() {
        Context traced = Context.root().with(Span.wrap(SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
                TraceFlags.getSampled(), TraceState.getDefault())));
        EventSlot slot = new EventSlot(CallerEncoding.NONE);
        try (Scope ignored = traced.makeCurrent()) {
            slot.write(CallerEncoding.NONE, new LoggingEvent(), null);
        }
        assertThat(slot.callerContext()).isSameAs(traced);

        slot.clear();
        assertThat(slot.callerContext()).isNull();
    }
}
