package io.ringlog.core;

import java.util.Locale;

/**
 * Reads a size in bytes as both adapters accept it for {@code maxQueueBytes}: a whole number of bytes, or one followed
 * by {@code KB}, {@code MB} or {@code GB} (powers of 1024, as Logback's {@code FileSize}; {@code KiB}, {@code MiB},
 * {@code GiB} too, case-insensitive, a space allowed before the unit). Stateless; any thread.
 */
public final class ByteSize {
    private ByteSize() {
    }

    /**
     * The number of bytes {@code text} names.
     *
     * @throws IllegalArgumentException saying what is accepted, if {@code text} is not such a size or is negative
     */
    public static long parse(String text) {
        String trimmed = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        int unitAt = trimmed.length();
        while (unitAt > 0 && !Character.isDigit(trimmed.charAt(unitAt - 1))) {
            unitAt--;
        }
        String number = trimmed.substring(0, unitAt).trim();
        String unit = trimmed.substring(unitAt).trim();
        long multiplier;
        switch (unit) {
            case "":
            case "B":
                multiplier = 1;
                break;
            case "KB":
            case "KIB":
                multiplier = 1L << 10;
                break;
            case "MB":
            case "MIB":
                multiplier = 1L << 20;
                break;
            case "GB":
            case "GIB":
                multiplier = 1L << 30;
                break;
            default:
                throw invalid(text);
        }
        try {
            long value = Long.parseLong(number);
            if (value < 0 || value > Long.MAX_VALUE / multiplier) {
                throw invalid(text);
            }
            return value * multiplier;
        } catch (NumberFormatException notANumber) {
            throw invalid(text);
        }
    }

    /** {@code bytes} as {@link #parse} reads it, in the largest unit that divides it: {@code 256MB}, {@code 1536KB}, {@code 100}. */
    public static String format(long bytes) {
        if (bytes != 0 && bytes % (1L << 30) == 0) {
            return (bytes >> 30) + "GB";
        }
        if (bytes != 0 && bytes % (1L << 20) == 0) {
            return (bytes >> 20) + "MB";
        }
        if (bytes != 0 && bytes % (1L << 10) == 0) {
            return (bytes >> 10) + "KB";
        }
        return Long.toString(bytes);
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException("a size must be a whole number of bytes, or one followed by KB, MB or GB (0 = no byte bound), was ["
                + text + "]");
    }
}
