package io.ringlog.benchmarks.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * What the tools that run one JVM per setup ({@code heap-held}, {@code otel-loss}) share when they render their report:
 * reading back the properties file each run wrote, and listing the runs that failed a check. Stateless; any thread.
 */
public final class RunReadings {

    private RunReadings() {
    }

    /** The readings a run wrote to {@code file} (UTF-8). */
    public static Properties load(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        return properties;
    }

    /** {@code failures} as a Markdown list, one item a line. */
    public static String failureList(List<String> failures) {
        StringBuilder text = new StringBuilder();
        failures.forEach(line -> text.append("- ").append(line).append('\n'));
        return text.toString();
    }
}
