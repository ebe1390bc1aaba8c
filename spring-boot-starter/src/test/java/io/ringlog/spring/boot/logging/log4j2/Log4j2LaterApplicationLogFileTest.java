package io.ringlog.spring.boot.logging.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.spring.boot.TestApplication;
import io.ringlog.spring.boot.logging.RinglogLoggingListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two applications one after the other in one JVM, the first closed before the second starts (as in a test suite): the
 * files the second one's lines go to are the same with the starter ({@code ringlog.enabled=true}) as without it.
 *
 * <p>Which files they are is Spring Boot's choice. Its Log4J2LoggingSystem takes the configuration running in Log4j2's
 * context for one the application brought (self-initialisation). In a fresh JVM that is Log4j2's default configuration,
 * which has no location, and Boot loads its packaged {@code log4j2.xml} or, with {@code logging.file.*},
 * {@code log4j2-file.xml}; from then on it finds that file running and loads it again, whatever a later application's
 * {@code logging.file.*} say. Only {@code ${sys:LOG_FILE}} follows: Boot sets it from each application's
 * {@code logging.file.name} and leaves it set. So a later application's file gets its lines when the first had a file,
 * none is written when the first had none, and a later application without a file writes to the file of the one before.
 * Each case starts as a fresh JVM does.
 */
class Log4j2LaterApplicationLogFileTest {
    private static final String FIRST = "first.log";
    private static final String SECOND = "second.log";

    @TempDir
    Path dir;

    @BeforeEach
    @AfterEach
    void startAsAFreshJvmDoes() {
        System.clearProperty("LOG_FILE");
        System.clearProperty("LOG_PATH");
        // Stops the configuration running, and with it Ringlog's appender, which drains: the files are complete.
        Configurator.reconfigure(new DefaultConfiguration());
    }

    @Test
    void theSecondApplicationsFileGetsItsLinesWhenTheFirstHadAFile() throws IOException {
        Map<String, List<String>> withRinglog = linesPerFile(true, FIRST, SECOND);
        Map<String, List<String>> withoutRinglog = linesPerFile(false, FIRST, SECOND);

        assertThat(withRinglog).isEqualTo(withoutRinglog)
                .isEqualTo(Map.of(FIRST, List.of("first"), SECOND, List.of("second")));
    }

    @Test
    void theSecondApplicationsFileIsNotWrittenWhenTheFirstHadNone() throws IOException {
        Map<String, List<String>> withRinglog = linesPerFile(true, null, SECOND);
        Map<String, List<String>> withoutRinglog = linesPerFile(false, null, SECOND);

        assertThat(withRinglog).isEqualTo(withoutRinglog)
                .as("Spring Boot loads its log4j2.xml, which has no file, again").isEmpty();
    }

    @Test
    void aSecondApplicationWithoutAFileWritesToTheFirstOnesFile() throws IOException {
        Map<String, List<String>> withRinglog = linesPerFile(true, FIRST, null);
        Map<String, List<String>> withoutRinglog = linesPerFile(false, FIRST, null);

        assertThat(withRinglog).isEqualTo(withoutRinglog)
                .as("Spring Boot loads its log4j2-file.xml again, with the LOG_FILE the first application set")
                .isEqualTo(Map.of(FIRST, List.of("first", "second")));
    }

    /**
     * Runs an application with {@code logging.file.name} set to {@code firstFile} (none when null), closes it, does the
     * same with {@code secondFile}, each logging one line, and returns the file names in a directory of this run, each
     * with the applications ({@code first}, {@code second}) whose line it holds. Starts as a fresh JVM does.
     */
    private Map<String, List<String>> linesPerFile(boolean ringlog, String firstFile, String secondFile) throws IOException {
        startAsAFreshJvmDoes();
        Path run = Files.createDirectory(dir.resolve(ringlog ? "with-ringlog" : "without-ringlog"));
        runAndLog(run, ringlog, firstFile, "first");
        runAndLog(run, ringlog, secondFile, "second");
        startAsAFreshJvmDoes();

        Map<String, List<String>> lines = new TreeMap<>();
        try (Stream<Path> files = Files.list(run)) {
            for (Path file : files.toList()) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                List<String> applications = new ArrayList<>();
                for (String application : List.of("first", "second")) {
                    if (text.contains(" : line of the " + application + " application")) {
                        applications.add(application);
                    }
                }
                lines.put(file.getFileName().toString(), applications);
            }
        }
        return lines;
    }

    private static void runAndLog(Path run, boolean ringlog, String file, String application) {
        List<String> properties = new ArrayList<>(List.of("ringlog.enabled=" + ringlog));
        if (file != null) {
            properties.add("logging.file.name=" + run.resolve(file));
        }
        try (ConfigurableApplicationContext context = TestApplication.withProperties(properties.toArray(new String[0])).run()) {
            assertThat(context.getEnvironment().getProperty("logging.file.name")).isEqualTo(file == null ? null : run.resolve(file).toString());
            List<String> root = new Log4j2View().rootAppenders();
            if (ringlog) {
                assertThat(root).containsExactly(RinglogLoggingListener.APPENDER_NAME);
            } else {
                assertThat(root).doesNotContain(RinglogLoggingListener.APPENDER_NAME);
            }
            LogManager.getLogger("io.ringlog.test.LaterApplication").info("line of the {} application", application);
        }
    }
}
