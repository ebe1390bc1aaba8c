package io.ringlog.benchmarks.otel;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Scope;

/**
 * Makes a sampled span current on the calling thread, as a request's span is while it logs. The only class of
 * {@link RinglogCaptureThroughput} that touches OpenTelemetry, loaded only when a trial asks for a span, so that the
 * benchmark also runs with no OpenTelemetry on the class path.
 */
final class CallerSpan {
    private CallerSpan() {
    }

    /** Makes a span current on this thread until the returned scope is closed (on this thread). */
    static AutoCloseable open() {
        SpanContext context = SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331", TraceFlags.getSampled(),
                TraceState.getDefault());
        Scope scope = Span.wrap(context).makeCurrent();
        return scope::close;
    }
}
