package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.core.OutputStreamAppender;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spring Boot's default Logback configuration puts a {@code ThresholdFilter} (at TRACE unless
 * {@code logging.threshold.*} is set) on its CONSOLE and FILE appenders, each with a {@code PatternLayoutEncoder}: behind
 * Ringlog both are encoded on the callers' threads, the filter being decided there.
 */
class SpringBootDefaultsIT {

    private static final int THREADS = 4;
    private static final int EVENTS_PER_THREAD = 500;
    /** Boot's pattern after {@code enc=<encoding thread>}: the caller's thread and the message. */
    private static final Pattern LINE = Pattern.compile("enc=(\\S+) .* --- \\[\\s*(\\S+)\\] .* : (caller-\\d) event \\d+");

    @TempDir
    Path dir;

    @Test
    void consoleAndFileWithBootsThresholdFiltersAreEncodedOnTheCallers() throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        try (LogbackFixture logback = new LogbackFixture("spring-boot-defaults").property("dir", dir).configure("spring-boot-defaults")) {
            assertThat(logback.<OutputStreamAppender<?>>child("CONSOLE").getEncoder()).as("CONSOLE's encoder while Ringlog runs")
                    .isInstanceOf(CallerEncoder.class);
            assertThat(logback.<OutputStreamAppender<?>>child("FILE").getEncoder()).as("FILE's encoder while Ringlog runs")
                    .isInstanceOf(CallerEncoder.class);
            CallerLoad.logFromCallers(logback.logger("com.example.Service"), THREADS, EVENTS_PER_THREAD);
            logback.ring().stop();
        } finally {
            System.setOut(stdout);
        }
        assertEncodedOnTheirCallers("FILE", Files.readAllLines(dir.resolve("spring.log"), StandardCharsets.UTF_8));
        assertEncodedOnTheirCallers("CONSOLE", Arrays.stream(console.toString(StandardCharsets.UTF_8).split("\\R"))
                .filter(line -> line.startsWith("enc=")).collect(Collectors.toList()));
    }

    private static void assertEncodedOnTheirCallers(String child, List<String> lines) {
        assertThat(lines).as("%s's lines", child).hasSize(THREADS * EVENTS_PER_THREAD).allSatisfy(line -> {
            Matcher matcher = LINE.matcher(line);
            assertThat(matcher.matches()).as("%s line: %s", child, line).isTrue();
            assertThat(matcher.group(1)).as("thread that encoded: %s", line).isEqualTo(matcher.group(3));
            assertThat(matcher.group(2)).as("%%t of: %s", line).isEqualTo(matcher.group(3));
        });
    }
}
