package io.ringlog.logback;

import java.util.Locale;

/**
 * Which children of a {@link RingAsyncAppender} are encoded on the callers' threads ({@code callerEncoding}); see
 * {@link CallerEncoding} for what each mode picks. Immutable.
 */
enum CallerEncodingMode {
    /** Only where it is known to be right: a known thread-safe encoder, Logback's own append path, filters decided on the caller. */
    AUTO,
    /** Every started file or console child with an encoder: the configuration vouches for its encoder and its append path. */
    ALWAYS,
    /** None: every child is encoded on the consumer thread, as behind the stock {@code AsyncAppender}. */
    NEVER;

    /** The mode named {@code text} (case-insensitive, surrounding blanks ignored), or null if there is none. */
    static CallerEncodingMode parse(String text) {
        if (text == null) {
            return null;
        }
        String name = text.trim().toUpperCase(Locale.ROOT);
        for (CallerEncodingMode mode : values()) {
            if (mode.name().equals(name)) {
                return mode;
            }
        }
        return null;
    }
}
