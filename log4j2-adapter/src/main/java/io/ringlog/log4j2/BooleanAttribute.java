package io.ringlog.log4j2;

/**
 * Reads a boolean attribute strictly: {@code true} or {@code false} in any case, surrounding blanks ignored. Log4j2's
 * own conversion ({@code Boolean.valueOf}) reads every other value as false, so that {@code blocking="fals"} would
 * silently mean {@code DROP_ALL} and {@code drainOnExit="ture"} no drain at exit. Stateless.
 */
final class BooleanAttribute {

    private BooleanAttribute() {
    }

    /**
     * The value, or {@code absent} when the attribute was not given.
     *
     * @throws IllegalArgumentException naming the attribute and its value when it is neither true nor false
     */
    static boolean read(String attribute, String text, boolean absent) {
        if (text == null) {
            return absent;
        }
        String trimmed = text.trim();
        if (trimmed.equalsIgnoreCase("true")) {
            return true;
        }
        if (trimmed.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(attribute + " must be true or false, was \"" + text + "\"");
    }
}
