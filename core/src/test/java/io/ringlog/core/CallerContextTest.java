package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import org.junit.jupiter.api.Test;

/** The caller's OpenTelemetry context is captured and made current around a delivery; nothing without OpenTelemetry. */
@SuppressWarnings("try") // the scopes are what make the contexts current
class CallerContextTest {

    private static final Context TRACED = Context.root().with(Span.wrap(SpanContext.create("0af7651916cd43dd8448eb211c80319c",
            "b7ad6b7169203331", TraceFlags.getSampled(), TraceState.getDefault())));

    @Test
    void aClassLoaderWithoutOpenTelemetryCarriesNothing() {
        CallerContext none = CallerContext.forClassLoader(new ClassLoader(null) { });
        assertThat(none).isSameAs(CallerContext.NONE);
        try (Scope ignored = TRACED.makeCurrent()) {
            assertThat(none.capture()).isNull();
        }
        Object attached = none.attach(TRACED);
        assertThat(Context.current()).isSameAs(Context.root());
        none.detach(attached);
    }

    @Test
    void theCallersContextIsCapturedAndCurrentOnlyBetweenAttachAndDetach() {
        CallerContext carrier = CallerContext.ON_CLASS_PATH;
        assertThat(carrier).hasToString("OpenTelemetry");
        assertThat(carrier.capture()).as("the root context is not carried").isNull();
        Object captured;
        try (Scope ignored = TRACED.makeCurrent()) {
            captured = carrier.capture();
        }
        assertThat(captured).isSameAs(TRACED);

        Object attached = carrier.attach(captured);
        assertThat(Context.current()).isSameAs(TRACED);
        carrier.detach(attached);
        assertThat(Context.current()).isSameAs(Context.root());

        assertThat(carrier.attach(null)).isNull();
        carrier.detach(null);
        assertThat(Context.current()).isSameAs(Context.root());
    }
}
