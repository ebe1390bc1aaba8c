package io.ringlog.examples.testing;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every logging variant of an example service starts, answers and writes its request's lines to the file, and its
 * {@code /benchmark/logging-backlog} (which the web-service benchmark reads) names the variant's asynchronous queues
 * and, once the lines are written, finds them empty. A subclass names the application class, describes the
 * framework's root logger, and provides a static {@code variants()} method: arguments (Spring profile, {@code ""} for
 * the default; what the root logger's description contains; the queues, as {@code /benchmark/logging-backlog} lists
 * them in JSON).
 * <p>
 * The same jar without its hand-written configuration ({@code --logging.config=}, empty): Spring Boot's default
 * logging, console and file, with {@code ringlog-spring-boot-starter} on or off ({@code ringlog.enabled}) and as plain
 * text or structured JSON ({@code logging.structured.format.*}), as the web-service benchmark's starter set runs it.
 * A subclass provides a static {@code bootDefaults()} method: arguments (structured format, {@code ""} for Boot's
 * pattern; whether the starter is on; what the root logger's description contains; the queues).
 */
public abstract class LoggingVariantsContract {

    /** The system properties Spring Boot sets from {@code logging.structured.format.*}. */
    private static final List<String> STRUCTURED_FORMAT_PROPERTIES =
            List.of("CONSOLE_LOG_STRUCTURED_FORMAT", "FILE_LOG_STRUCTURED_FORMAT");

    private final Class<?> application;

    /**
     * @param application the service's {@code @SpringBootApplication} class
     */
    protected LoggingVariantsContract(Class<?> application) {
        this.application = application;
    }

    @ParameterizedTest(name = "profile \"{0}\"")
    @MethodSource("variants")
    void variantStartsAndWritesTheRequestLines(String profile, String rootLogger, String queues) throws Exception {
        Path logFile = Path.of("target", "test-logs", "variant-" + (profile.isEmpty() ? "default" : profile),
                "service.log");
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(application)
                .profiles(profile.isEmpty() ? new String[0] : new String[] {profile})
                .run("--server.port=0", "--logging.file.name=" + logFile)) {
            int port = Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
            WorkClient client = new WorkClient(port);
            WorkClient.Answer answer = client.work(1000, 0);

            assertThat(answer.status()).isEqualTo(200);
            assertThat(describeRootLogger()).as("the root logger of profile \"%s\"", profile).contains(rootLogger);
            ServiceLog log = new ServiceLog(logFile);
            await().atMost(10, SECONDS).untilAsserted(() -> assertThat(
                    ServiceLog.missingMessages(log.linesByRequestId().getOrDefault(answer.requestId(), List.of())))
                    .as("the lines of %s missing from %s", answer.requestId(), logFile).isEmpty());
            await().atMost(10, SECONDS).untilAsserted(() -> assertThat(client.get("/benchmark/logging-backlog"))
                    .startsWith("{\"queued\":0,\"queues\":" + queues + ",\"callersBlocked\":"));
        }
    }

    @ParameterizedTest(name = "Spring Boot's default logging, format \"{0}\", starter on: {1}")
    @MethodSource("bootDefaults")
    void bootsDefaultLoggingWritesTheRequestLinesBehindTheStarterOrOnTheCallersThread(String format, boolean starter, String rootLogger,
            String queues, @TempDir Path dir) throws Exception {
        Path logFile = dir.resolve("service.log");
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--logging.file.name=" + logFile, "--logging.config=",
                "--logging.level.io.ringlog.examples=DEBUG", "--ringlog.enabled=" + starter));
        // Spring Boot keeps the system properties it set for an earlier application of this JVM (only one runs per
        // JVM in production): the structured format of the case before would stay.
        STRUCTURED_FORMAT_PROPERTIES.forEach(System::clearProperty);
        forgetTheConfigurationOfTheApplicationBefore();
        if (!format.isEmpty()) {
            args.add("--logging.structured.format.console=" + format);
            args.add("--logging.structured.format.file=" + format);
        }
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(application).run(args.toArray(new String[0]))) {
            int port = Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
            WorkClient client = new WorkClient(port);
            WorkClient.Answer answer = client.work(1000, 0);

            assertThat(answer.status()).isEqualTo(200);
            assertThat(describeRootLogger()).as("the root logger").contains(rootLogger);
            ServiceLog log = new ServiceLog(logFile);
            await().atMost(10, SECONDS).untilAsserted(() -> assertThat(ServiceLog.missingMessages(log.lines()))
                    .as("the request's messages missing from %s", logFile).isEmpty());
            List<String> requestLines = log.lines().stream()
                    .filter(line -> ServiceLog.REQUEST_MESSAGES.stream().anyMatch(line::contains)).toList();
            assertThat(requestLines).as("the request's lines in %s", logFile).hasSize(ServiceLog.REQUEST_MESSAGES.size())
                    .allMatch(line -> format.isEmpty() ? !line.startsWith("{") : line.startsWith("{") && line.contains("\"message\":\""));
            await().atMost(10, SECONDS).untilAsserted(() -> assertThat(client.get("/benchmark/logging-backlog"))
                    .startsWith("{\"queued\":0,\"queues\":" + queues + ",\"callersBlocked\":"));
        }
    }

    /**
     * Puts the logging framework back where a fresh JVM has it, so that Spring Boot does not take the configuration the
     * application before this one loaded in this JVM for this application's own; nothing by default.
     */
    protected void forgetTheConfigurationOfTheApplicationBefore() {
    }

    /**
     * @return the running framework's root logger: its type where the framework has several, and its appenders'
     *     class names
     */
    protected abstract String describeRootLogger();
}
