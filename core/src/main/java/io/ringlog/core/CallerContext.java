package io.ringlog.core;

/**
 * Carries the caller's OpenTelemetry context ({@code io.opentelemetry.context.Context}) with its event to the consumer
 * thread, so that a downstream appender that reads {@code Context.current()} (OpenTelemetry's own Logback and Log4j2
 * appenders do, for the trace and span of a log record) sees the caller's context, not the consumer's. An adapter
 * {@linkplain #capture() captures} on the caller's thread into its slot and, on the consumer, makes it current around
 * that event's delivery ({@link #attach}, {@link #detach}).
 *
 * <p>Without OpenTelemetry on the class path of Ringlog's core, {@link #ON_CLASS_PATH} carries nothing: capture
 * returns null without reading anything, and no OpenTelemetry class is ever loaded. With it, a capture is one
 * thread-local read that allocates nothing; nothing is captured for the root context.
 *
 * <p>Thread-safety: stateless, any thread; {@link #capture()} on the caller's thread, {@link #attach} and
 * {@link #detach} in pairs on the delivering thread.
 */
public abstract class CallerContext {

    /** The class whose presence turns carrying on. */
    static final String OPEN_TELEMETRY_CONTEXT = "io.opentelemetry.context.Context";

    /** Carries nothing: OpenTelemetry is absent. */
    static final CallerContext NONE = new CallerContext() {
        @Override
        public Object capture() {
            return null;
        }

        @Override
        public Object attach(Object captured) {
            return null;
        }

        @Override
        public void detach(Object attached) {
            // nothing was attached
        }

        @Override
        public String toString() {
            return "no OpenTelemetry";
        }
    };

    /** The carrier for the class path Ringlog's core was loaded from: OpenTelemetry's if its context API is there. */
    public static final CallerContext ON_CLASS_PATH = forClassLoader(CallerContext.class.getClassLoader());

    CallerContext() {
    }

    /**
     * OpenTelemetry's carrier if {@code loader} sees its context API, else one that carries nothing. The class that
     * touches OpenTelemetry ({@code OpenTelemetryCallerContext}) is loaded only after that check.
     */
    static CallerContext forClassLoader(ClassLoader loader) {
        try {
            Class.forName(OPEN_TELEMETRY_CONTEXT, false, loader);
        } catch (ClassNotFoundException | LinkageError absent) {
            return NONE;
        }
        return OpenTelemetryCallerContext.create();
    }

    /**
     * The current context of the calling thread, or null when there is none to carry (the root context, or no
     * OpenTelemetry). Allocates nothing.
     */
    public abstract Object capture();

    /**
     * Makes {@code captured} (from {@link #capture()}, may be null) current on this thread; returns what
     * {@link #detach} needs to restore the previous context, or null when nothing was attached.
     */
    public abstract Object attach(Object captured);

    /** Restores the context that was current before the {@link #attach} that returned {@code attached} (may be null). */
    public abstract void detach(Object attached);
}
