package io.ringlog.spring.boot.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Several threads, each logging through SLF4J inside spans of its own, as request threads do; remembers the span that
 * was current at each call and checks the exported records against it. SLF4J reaches Log4j2 too, through
 * {@code log4j-slf4j2-impl}.
 */
final class SpanPerCaller {
    static final int CALLERS = 4;
    static final int SPANS_PER_CALLER = 25;
    static final int EVENTS_PER_SPAN = 8;

    private final Tracer tracer;
    private final Map<String, SpanContext> atCall = new ConcurrentHashMap<>();

    SpanPerCaller(OpenTelemetry openTelemetry) {
        this.tracer = openTelemetry.getTracer("ringlog-boot-test");
    }

    /** Logs from {@value #CALLERS} threads and returns once they all ended. */
    @SuppressWarnings("try") // the scope is what makes the span current
    void log() throws InterruptedException {
        Logger log = LoggerFactory.getLogger("io.ringlog.test.Traced");
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < CALLERS; c++) {
            int caller = c;
            threads.add(new Thread(() -> {
                for (int s = 0; s < SPANS_PER_CALLER; s++) {
                    Span span = tracer.spanBuilder("request " + caller + "-" + s).startSpan();
                    try (Scope ignored = span.makeCurrent()) {
                        for (int e = 0; e < EVENTS_PER_SPAN; e++) {
                            String message = "caller " + caller + " span " + s + " event " + e;
                            atCall.put(message, span.getSpanContext());
                            log.info(message);
                        }
                    } finally {
                        span.end();
                    }
                }
            }, "traced-caller-" + c));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
    }

    int logged() {
        return atCall.size();
    }

    /** Each message logged here was exported exactly once, with the valid span that was current at its call. */
    void assertEachRecordHasItsCallersSpan(List<LogRecordData> exported) {
        Map<String, Integer> seen = new ConcurrentHashMap<>();
        for (LogRecordData record : exported) {
            String message = record.getBodyValue().asString();
            SpanContext expected = atCall.get(message);
            if (expected == null) {
                continue; // Spring Boot's own start-up lines
            }
            seen.merge(message, 1, Integer::sum);
            assertThat(expected.isValid()).isTrue();
            assertThat(record.getSpanContext()).as("span of %s", message).isEqualTo(expected);
        }
        assertThat(seen).hasSize(logged());
        assertThat(seen.values()).containsOnly(1);
    }
}
