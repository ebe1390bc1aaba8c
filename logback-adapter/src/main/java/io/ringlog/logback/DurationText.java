package io.ringlog.logback;

import ch.qos.logback.core.util.Duration;
import java.util.regex.Pattern;

/**
 * Reads a time bound as users write it in {@code logback.xml}: plain milliseconds ({@code 250}, {@code -1}) or
 * Logback's duration syntax ({@code 500 milliseconds}, {@code 1 second}, {@code 2.5 minutes}; see
 * {@link Duration#valueOf(String)}). Stateless.
 */
final class DurationText {

    /** What a valid value looks like, for error messages. */
    static final String EXPECTED = "expected milliseconds (250, or -1 for no bound) or a Logback duration (500 milliseconds, 2 seconds)";

    private static final Pattern LOGBACK_DURATION = Pattern.compile(
            "[0-9]+(\\.[0-9]+)?\\s*(milli(second)?|second(e)?|minute|hour|day)s?", Pattern.CASE_INSENSITIVE);

    private DurationText() {
    }

    /**
     * The value in milliseconds.
     *
     * @throws IllegalArgumentException if the text is neither a whole number nor a Logback duration
     */
    static long millis(String text) {
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("empty");
        }
        if (trimmed.matches("-?[0-9]+")) {
            return Long.parseLong(trimmed);
        }
        if (!LOGBACK_DURATION.matcher(trimmed).matches()) {
            // Stricter than Duration.valueOf, whose decimal point matches any character ("1x5 seconds", "-5 seconds").
            throw new IllegalArgumentException(trimmed);
        }
        try {
            return Duration.valueOf(trimmed).getMilliseconds();
        } catch (RuntimeException notADuration) {
            throw new IllegalArgumentException(trimmed, notADuration);
        }
    }
}
