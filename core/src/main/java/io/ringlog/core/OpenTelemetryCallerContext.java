package io.ringlog.core;

import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;

/**
 * The only class that touches OpenTelemetry: its {@link Context} is captured and made current as
 * {@link CallerContext} describes. Loaded only once {@link CallerContext#forClassLoader} found the context API.
 */
final class OpenTelemetryCallerContext extends CallerContext {

    private OpenTelemetryCallerContext() {
    }

    static CallerContext create() {
        return new OpenTelemetryCallerContext();
    }

    @Override
    public Object capture() {
        Context current = Context.current();
        return current == Context.root() ? null : current;
    }

    @Override
    public Object attach(Object captured) {
        return captured == null ? null : ((Context) captured).makeCurrent();
    }

    @Override
    public void detach(Object attached) {
        if (attached != null) {
            ((Scope) attached).close();
        }
    }

    @Override
    public String toString() {
        return "OpenTelemetry";
    }
}
