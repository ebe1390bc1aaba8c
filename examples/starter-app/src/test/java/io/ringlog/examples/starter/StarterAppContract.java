package io.ringlog.examples.starter;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new Spring Boot application with only the starter added, run as its packaged jar in a child JVM: it logs through
 * Ringlog into Boot's console and file, shows {@code ringlog.*} meters in {@code /actuator/metrics} and a
 * {@code ringlog} entry in {@code /actuator/health}, and at a SIGTERM under load loses no line: every line the load
 * threads logged before the context closed is in the file, exactly once. Subclassed once per Spring Boot line; the
 * subclass runs in failsafe after {@code package}, which passes the jar as the system property {@value #JAR_PROPERTY}.
 */
public abstract class StarterAppContract {

    /** The system property naming the jar to run. */
    public static final String JAR_PROPERTY = "example.jar";

    private static final int LOAD_THREADS = 4;
    private static final Pattern PORT = Pattern.compile("Tomcat started on port\\(?s?\\)?:? (\\d+)");
    private static final Pattern LOAD_LINE = Pattern.compile(" : load-(\\d+) (\\d+)$");
    private static final Pattern LOAD_SUMMARY = Pattern.compile(" : load-(\\d+) stopped after (\\d+) lines$");

    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @Test
    void logsThroughRinglogIntoBootsConsoleAndFileAndLosesNoLineAtSigtermUnderLoad() throws Exception {
        String jar = System.getProperty(JAR_PROPERTY);
        assertThat(jar).as("the system property %s: run by failsafe after package", JAR_PROPERTY).isNotNull();
        Path file = dir.resolve("app.log");
        Path console = dir.resolve("console.txt");
        Process app = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Xmx256m", "-jar", jar,
                "--server.port=0",
                "--logging.file.name=" + file,
                // one file however much the load writes (Boot's default rolls at 10 MB)
                "--logging.logback.rollingpolicy.max-file-size=4GB",
                "--logging.log4j2.rollingpolicy.max-file-size=4GB",
                "--load.threads=" + LOAD_THREADS)
                .directory(dir.toFile()) // where Boot 3.5's Log4j2 rolls the file (its 10 MB is fixed): read below
                .redirectErrorStream(true).redirectOutput(console.toFile()).start();
        try {
            int port = await().atMost(90, SECONDS).pollInterval(100, MILLISECONDS).until(() -> port(app, console), p -> p > 0);

            String enqueued = get(port, "/actuator/metrics/ringlog.events.enqueued?tag=appender:RINGLOG");
            assertThat(enqueued).contains("\"name\":\"ringlog.events.enqueued\"").containsPattern("\"value\":[1-9]");
            assertThat(get(port, "/actuator/metrics")).contains("\"ringlog.queue.size\"", "\"ringlog.queue.capacity\"",
                    "\"ringlog.events.delivered\"", "\"ringlog.events.dropped\"", "\"ringlog.events.failed\"");
            String health = get(port, "/actuator/health/ringlog");
            assertThat(health).as("the ringlog health entry").doesNotContain("DOWN")
                    .matches(json -> json.startsWith("{\"status\":\"UP\"") || json.endsWith(",\"status\":\"UP\"}"), "status UP")
                    .containsPattern("\"" + framework() + "/[^/\"]+/RINGLOG\":\\{\"status\":\"UP\",\"queueSize\":\\d+,\"capacity\":8192");
            assertThat(get(port, "/actuator/health")).contains("\"ringlog\":{").doesNotContain("DOWN");

            // Boot's console pattern (date, level, pid, ---, thread, logger), written by Ringlog's consumer.
            await().atMost(30, SECONDS).until(() -> Files.readString(console, StandardCharsets.UTF_8),
                    text -> Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\S+ +INFO \\d+ --- .*\\[ *load-0\\] \\S+ +: load-0 \\d+").matcher(text).find());
            await().atMost(60, SECONDS).until(() -> Files.size(file) > 8_000_000);

            app.destroy(); // SIGTERM, under load
            assertThat(app.waitFor(60, SECONDS)).as("exited after SIGTERM").isTrue();
            assertThat(app.exitValue()).as("exit status after SIGTERM: 128 + 15").isEqualTo(143);

            Map<Integer, Long> logged = new HashMap<>();
            Map<Integer, BitSet> written = new HashMap<>();
            long[] duplicates = new long[1];
            try (Stream<String> lines = fileAndRolledFiles(file)) {
                lines.forEach(line -> {
                    Matcher summary = LOAD_SUMMARY.matcher(line);
                    Matcher load = LOAD_LINE.matcher(line);
                    if (summary.find()) {
                        logged.put(Integer.parseInt(summary.group(1)), Long.parseLong(summary.group(2)));
                    } else if (load.find()) {
                        BitSet seen = written.computeIfAbsent(Integer.parseInt(load.group(1)), t -> new BitSet());
                        int n = Integer.parseInt(load.group(2));
                        if (seen.get(n)) {
                            duplicates[0]++;
                        }
                        seen.set(n);
                    }
                });
            }
            assertThat(logged).as("each load thread's summary, logged while the context closed").hasSize(LOAD_THREADS);
            long total = 0;
            for (int t = 0; t < LOAD_THREADS; t++) {
                long count = logged.get(t);
                BitSet seen = written.getOrDefault(t, new BitSet());
                assertThat(seen.cardinality()).as("lines of load-%d in the file", t).isEqualTo(count);
                assertThat(seen.nextClearBit(0)).as("load-%d: lines 0 to %d, none missing", t, count - 1).isEqualTo(count);
                total += count;
            }
            assertThat(duplicates[0]).as("lines written twice").isZero();
            assertThat(total).as("lines logged under load").isGreaterThan(50_000);
            System.out.printf("%d lines logged by %d threads, all in the file after SIGTERM%n", total, LOAD_THREADS);
        } finally {
            app.destroyForcibly();
            System.out.println("--- the application's console (last lines) ---");
            try (Stream<String> lines = Files.lines(console, StandardCharsets.UTF_8)) {
                lines.filter(l -> !LOAD_LINE.matcher(l).find()).forEach(System.out::println);
            }
        }
    }

    /**
     * The lines of the log file and of every file it rolled into (gzipped, anywhere under the test's directory): Boot
     * 3.5's Log4j2 file configuration rolls at 10 MB whatever the properties say, and a fast drain at SIGTERM passes it.
     */
    private Stream<String> fileAndRolledFiles(Path file) throws IOException {
        Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8);
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path rolled : paths.filter(p -> p.getFileName().toString().endsWith(".log.gz")).sorted().toList()) {
                lines = Stream.concat(lines, gunzipped(rolled));
            }
        }
        return lines;
    }

    private static Stream<String> gunzipped(Path rolled) {
        try {
            BufferedReader reader = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(rolled)),
                    StandardCharsets.UTF_8));
            return reader.lines().onClose(() -> {
                try {
                    reader.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code logback} or {@code log4j2}: the framework the application logs through. */
    protected abstract String framework();

    private String get(int port, String path) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int port(Process app, Path console) throws IOException {
        assertThat(app.isAlive()).as("the application is running (see its console below)").isTrue();
        Matcher m = PORT.matcher(Files.readString(console, StandardCharsets.UTF_8));
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }
}
