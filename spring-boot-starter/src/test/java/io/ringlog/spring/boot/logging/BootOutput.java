package io.ringlog.spring.boot.logging;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the starter's tests read of Spring Boot's logging output, and the JVM-wide state Boot leaves behind. */
public final class BootOutput {

    private BootOutput() {
    }

    /** How many times {@code pattern} occurs in {@code text}. */
    public static int count(Pattern pattern, CharSequence text) {
        Matcher matcher = pattern.matcher(text);
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }

    /**
     * Clears the structured-logging formats Boot hands its configurations as system properties and leaves set: the next
     * application of this JVM (another test) would log JSON too.
     */
    public static void clearStructuredFormats() {
        System.clearProperty("CONSOLE_LOG_STRUCTURED_FORMAT");
        System.clearProperty("FILE_LOG_STRUCTURED_FORMAT");
    }
}
