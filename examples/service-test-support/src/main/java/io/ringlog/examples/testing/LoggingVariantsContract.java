package io.ringlog.examples.testing;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.util.List;
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
 */
public abstract class LoggingVariantsContract {

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

    /**
     * @return the running framework's root logger: its type where the framework has several, and its appenders'
     *     class names
     */
    protected abstract String describeRootLogger();
}
