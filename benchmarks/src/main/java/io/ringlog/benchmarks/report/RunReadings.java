package io.ringlog.benchmarks.report;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * What the tools that run one JVM per setup ({@code heap-held}, {@code otel-loss}) share: writing each run's readings
 * to a properties file, reading them back when they render their report, and listing the runs that failed a check. Stateless; any thread.
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

    /**
     * Writes {@code readings} to {@code file} (UTF-8) with the machine, the JVM and the versions added
     * ({@link Environment#capture}), for {@link #load} and the report.
     */
    public static void storeWithEnvironment(Path file, Properties readings, String comment) throws IOException {
        Environment.capture().forEach((key, value) -> readings.setProperty(String.valueOf(key), String.valueOf(value)));
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            readings.store(writer, comment);
        }
    }

    /** {@code failures} as a Markdown list, one item a line. */
    public static String failureList(List<String> failures) {
        StringBuilder text = new StringBuilder();
        failures.forEach(line -> text.append("- ").append(line).append('\n'));
        return text.toString();
    }
}
