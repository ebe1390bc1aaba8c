package io.ringlog.spring.boot.logging;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Layout;

/**
 * Log4j2: when Spring Boot's default configuration writes structured logging ({@code logging.structured.format.*}) to
 * the console and to the file in the same format and charset, the two layouts make the same bytes for every event.
 * Boot's console is then given the file's layout: {@code <RingAsync>} encodes an event once, on the caller's thread,
 * for targets that share a layout object, instead of once per target. Used while the starter builds Boot's appenders
 * again ({@link Log4j2FlushPerBatch}), on the thread that configures Log4j2.
 */
final class Log4j2SharedStructuredLayout {
    /** Spring Boot's structured layout (package-private in Boot): matched by name. */
    static final String BOOT_STRUCTURED_LAYOUT = "org.springframework.boot.logging.log4j2.StructuredLogLayout";

    private Log4j2SharedStructuredLayout() {
    }

    /**
     * The layout of {@code File} among {@code built} (Boot's appenders, by name) for {@code Console} to share, or null
     * when Boot did not make them alike.
     */
    static Layout<? extends Serializable> fileLayoutForConsole(Map<String, Appender> built) {
        Appender console = built.get("Console");
        Appender file = built.get("File");
        if (console == null || file == null || !isBootStructured(console.getLayout()) || !isBootStructured(file.getLayout())) {
            return null;
        }
        // The system properties Boot's log4j2-file.xml reads for the two layouts' format and charset.
        String format = System.getProperty("CONSOLE_LOG_STRUCTURED_FORMAT");
        if (format == null || format.isEmpty() || !format.equals(System.getProperty("FILE_LOG_STRUCTURED_FORMAT"))
                || !Objects.equals(System.getProperty("CONSOLE_LOG_CHARSET"), System.getProperty("FILE_LOG_CHARSET"))) {
            return null;
        }
        return file.getLayout();
    }

    private static boolean isBootStructured(Layout<?> layout) {
        return layout != null && BOOT_STRUCTURED_LAYOUT.equals(layout.getClass().getName());
    }
}
