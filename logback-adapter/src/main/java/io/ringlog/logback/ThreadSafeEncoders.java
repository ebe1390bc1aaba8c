package io.ringlog.logback;

import ch.qos.logback.core.Layout;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import java.util.Set;

/**
 * The encoders known to be safe to call from many threads at once, by class name (no dependency on the libraries that
 * define them), each checked by reading its source: it keeps no per-event state in its own fields. Exact classes only:
 * a subclass may override {@code encode}. Stateless; any thread.
 *
 * <ul>
 * <li>Logback's {@code PatternLayoutEncoder}, and its {@code LayoutWrappingEncoder} around a {@code PatternLayout} or
 * {@code TTLLLayout}: a new {@code StringBuilder} per event; the date converters cache in an atomic reference.
 * Conversion words a configuration adds ({@code <conversionRule>}) run on every logging thread at once in synchronous
 * logging too (Logback 1.3 and newer encode outside the appender's lock), so they are taken to be thread-safe.</li>
 * <li>Logback's {@code JsonEncoder} and {@code EchoEncoder}: a new builder or string per event.</li>
 * <li>logstash-logback-encoder's encoders ({@code net.logstash.logback.encoder.*}): a thread-local buffer per thread.
 * Prefix and suffix encoders nested in them are the configuration's.</li>
 * <li>Spring Boot's {@code StructuredLogEncoder}: its formatters (ECS, GELF, Logstash) write a new JSON document per event.</li>
 * </ul>
 * Not on the list, for instance: Logback's {@code XMLLayout} (one shared {@code StringBuilder} up to 1.5.2x) and
 * {@code HTMLLayout} (a plain row counter).
 */
final class ThreadSafeEncoders {

    private static final Set<String> ENCODERS = Set.of(
            "ch.qos.logback.classic.encoder.PatternLayoutEncoder",
            "ch.qos.logback.classic.encoder.JsonEncoder",
            "ch.qos.logback.core.encoder.EchoEncoder",
            "org.springframework.boot.logging.logback.StructuredLogEncoder");
    private static final String LOGSTASH_ENCODERS = "net.logstash.logback.encoder.";
    private static final Set<String> LAYOUTS = Set.of(
            "ch.qos.logback.classic.PatternLayout",
            "ch.qos.logback.classic.layout.TTLLLayout");

    private ThreadSafeEncoders() {
    }

    /** Whether {@code encoder} is known to be thread-safe (see the class notes). */
    static boolean isKnown(Encoder<?> encoder) {
        Class<?> type = encoder.getClass();
        String name = type.getName();
        if (ENCODERS.contains(name)) {
            return true;
        }
        if (name.startsWith(LOGSTASH_ENCODERS) && name.indexOf('.', LOGSTASH_ENCODERS.length()) < 0) {
            return true;
        }
        if (type == LayoutWrappingEncoder.class) {
            Layout<?> layout = ((LayoutWrappingEncoder<?>) encoder).getLayout();
            return layout != null && LAYOUTS.contains(layout.getClass().getName());
        }
        return false;
    }
}
