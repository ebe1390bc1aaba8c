package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.SimpleLogRecordProcessor;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.awaitility.Awaitility;

/**
 * The OpenTelemetry side of the trace-context tests: a real SDK whose log records land in an in-memory exporter, and
 * several caller threads, each logging inside spans of its own (with a baggage entry naming the thread) and, between
 * them, outside any span. It remembers, per message, the span and baggage that were current at the logging call, and
 * checks exported records and the contexts a child appender saw against them.
 */
public final class TracedCallers implements AutoCloseable {
    /** The baggage entry each traced call carries: the caller's index. */
    public static final String BAGGAGE_KEY = "ringlog.caller";
    /** The callers of {@link #logAndAwaitExport}, sized for 2 cores. */
    public static final int CALLERS = 4;
    /** The messages each caller of {@link #logAndAwaitExport} logs. */
    public static final int EVENTS_PER_CALLER = 200;

    private final InMemoryLogRecordExporter exporter = InMemoryLogRecordExporter.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().build())
            .setLoggerProvider(SdkLoggerProvider.builder().addLogRecordProcessor(SimpleLogRecordProcessor.create(exporter)).build())
            .build();
    private final Tracer tracer = sdk.getTracer("ringlog-test");
    /** Per message: the context current at its logging call (root outside a span). */
    private final Map<String, Context> atCall = new ConcurrentHashMap<>();

    /** The SDK, to install into OpenTelemetry's appenders. */
    public OpenTelemetry openTelemetry() {
        return sdk;
    }

    /**
     * Runs {@code callers} threads that each log {@code eventsPerCaller} messages through {@code log}: the even ones
     * inside a span of their own with baggage, the odd ones outside any span; returns once every thread ended.
     */
    @SuppressWarnings("try") // the scope is what makes the context current
    public void log(int callers, int eventsPerCaller, Consumer<String> log) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < callers; c++) {
            int caller = c;
            threads.add(TestThreads.startThread("traced-caller-" + c, () -> {
                for (int e = 0; e < eventsPerCaller; e++) {
                    String message = "caller " + caller + " event " + e;
                    if (e % 2 == 1) {
                        atCall.put(message, Context.root());
                        log.accept(message);
                        continue;
                    }
                    Span span = tracer.spanBuilder(message).startSpan();
                    Context context = Context.current().with(span)
                            .with(Baggage.builder().put(BAGGAGE_KEY, String.valueOf(caller)).build());
                    try (Scope ignored = context.makeCurrent()) {
                        atCall.put(message, context);
                        log.accept(message);
                    } finally {
                        span.end();
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /**
     * {@link #log} from {@value #CALLERS} callers, {@value #EVENTS_PER_CALLER} messages each, then waits until every one
     * was exported (OpenTelemetry's appender installed with {@link #openTelemetry()} first).
     */
    public void logAndAwaitExport(Consumer<String> log) throws InterruptedException {
        log(CALLERS, EVENTS_PER_CALLER, log);
        Awaitility.await().until(() -> exported().size() >= logged());
    }

    /** How many messages were logged. */
    public int logged() {
        return atCall.size();
    }

    /** The records exported so far. */
    public List<LogRecordData> exported() {
        return exporter.getFinishedLogRecordItems();
    }

    /** Every message was exported once, with the span that was current at its logging call (none outside a span). */
    public void assertEveryRecordHasItsCallersSpan() {
        List<LogRecordData> records = exported();
        assertThat(records).hasSize(logged());
        for (LogRecordData record : records) {
            String message = record.getBodyValue().asString();
            assertThat(record.getSpanContext()).as("span of %s", message).isEqualTo(spanAtCall(message));
        }
    }

    /** Every traced message was exported without its span: the context was lost on the way. */
    public void assertEveryRecordLostItsSpan() {
        List<LogRecordData> records = exported();
        assertThat(records).hasSize(logged());
        for (LogRecordData record : records) {
            assertThat(record.getSpanContext().isValid()).as("a span on %s", record.getBodyValue().asString()).isFalse();
        }
    }

    /** Each context a child saw is the one current at that message's call: its span and baggage, or the root. */
    public void assertSeenContextsAreTheCallers(Map<String, Context> seen) {
        assertThat(seen).hasSize(logged());
        seen.forEach((message, context) -> {
            Context expected = atCall.get(message);
            assertThat(Span.fromContext(context).getSpanContext()).as("span seen for %s", message).isEqualTo(spanAtCall(message));
            assertThat(Baggage.fromContext(context)).as("baggage seen for %s", message).isEqualTo(Baggage.fromContext(expected));
        });
    }

    private SpanContext spanAtCall(String message) {
        Context context = atCall.get(message);
        assertThat(context).as("logged: %s", message).isNotNull();
        return Span.fromContext(context).getSpanContext();
    }

    @Override
    public void close() {
        sdk.close();
    }
}
