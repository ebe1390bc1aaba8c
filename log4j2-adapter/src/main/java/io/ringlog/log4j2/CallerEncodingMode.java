package io.ringlog.log4j2;

import java.util.Locale;

/**
 * Which targets of a {@code <RingAsync>} are encoded on the callers' threads ({@code callerEncoding}); see
 * {@link CallerLayouts} for what each mode picks. Immutable.
 */
enum CallerEncodingMode {
    /** Targets whose layout makes a byte array for every event anyway (Spring Boot's structured logging, JSON layouts). */
    AUTO,
    /** Every file or console target with a layout, including those that encode straight into the appender's buffer. */
    ALWAYS,
    /** None: every target encodes on the consumer thread, as behind {@code <Async>}. */
    NEVER;

    /** The mode named {@code text} (case-insensitive, surrounding blanks ignored); AUTO when absent; null if there is none. */
    static CallerEncodingMode parse(String text) {
        if (text == null || text.trim().isEmpty()) {
            return AUTO;
        }
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            return null;
        }
    }
}
