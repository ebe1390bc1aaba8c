package io.ringlog.spring.boot.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import java.util.List;
import java.util.Objects;
import org.springframework.boot.logging.logback.StructuredLogEncoder;

/**
 * Logback: when Spring Boot's default configuration writes structured logging ({@code logging.structured.format.*})
 * to the console and to the file in the same format and charset, the two encoders make the same bytes for every event.
 * The file is then given the console's encoder: Ringlog encodes an event once for children that share an encoder
 * object, on the caller's thread, instead of once per child. Called before the Ringlog appender starts, on the thread
 * that initialises logging.
 */
final class LogbackSharedStructuredEncoder {

    private LogbackSharedStructuredEncoder() {
    }

    /** Gives {@code FILE} the encoder of {@code CONSOLE}, among {@code targets}, if Boot made them alike (see the class notes). */
    static void shareIfAlike(LoggerContext context, List<Appender<ILoggingEvent>> targets) {
        OutputStreamAppender<ILoggingEvent> console = find(targets, "CONSOLE");
        OutputStreamAppender<ILoggingEvent> file = find(targets, "FILE");
        if (console == null || file == null) {
            return;
        }
        Encoder<ILoggingEvent> consoleEncoder = console.getEncoder();
        if (!(consoleEncoder instanceof StructuredLogEncoder) || !(file.getEncoder() instanceof StructuredLogEncoder)) {
            return;
        }
        // The values Boot's DefaultLogbackConfiguration resolved when it made the two encoders.
        String format = bootValue(context, "CONSOLE_LOG_STRUCTURED_FORMAT");
        if (format == null || format.isEmpty() || !format.equals(bootValue(context, "FILE_LOG_STRUCTURED_FORMAT"))
                || !Objects.equals(bootValue(context, "CONSOLE_LOG_CHARSET"), bootValue(context, "FILE_LOG_CHARSET"))) {
            return;
        }
        file.setEncoder(consoleEncoder);
    }

    @SuppressWarnings("unchecked")
    private static OutputStreamAppender<ILoggingEvent> find(List<Appender<ILoggingEvent>> targets, String name) {
        for (Appender<ILoggingEvent> target : targets) {
            if (name.equals(target.getName()) && target instanceof OutputStreamAppender) {
                return (OutputStreamAppender<ILoggingEvent>) target;
            }
        }
        return null;
    }

    /** A property as Logback's substitution finds it: the context's, then the system's. */
    private static String bootValue(LoggerContext context, String name) {
        String value = context.getProperty(name);
        return value != null ? value : System.getProperty(name);
    }
}
