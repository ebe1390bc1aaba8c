package io.ringlog.examples.testing;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;

/**
 * What a running example service logs, on its default variant (Ringlog). A subclass starts the service with
 * {@code @SpringBootTest(webEnvironment = RANDOM_PORT)} and a {@code logging.file.name} of its own.
 */
public abstract class RequestLoggingContract {

    @Value("${local.server.port}")
    private int port;

    @Value("${logging.file.name}")
    private Path logFile;

    @Test
    void eachRequestLogsItsFiveLinesWithItsRequestId() throws Exception {
        WorkClient.Answer answer = new WorkClient(port).work(1000, 0);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.requestId()).isNotBlank();
        ServiceLog log = new ServiceLog(logFile);
        await().atMost(10, SECONDS).untilAsserted(() -> {
            List<String> lines = log.linesByRequestId().getOrDefault(answer.requestId(), List.of());
            assertThat(ServiceLog.missingMessages(lines)).as("missing from %s", logFile).isEmpty();
            assertThat(lines).as("the lines of %s", answer.requestId()).hasSize(ServiceLog.REQUEST_MESSAGES.size());
        });
    }

    @Test
    void everyHundredthRequestWarnsAndEveryFiveHundredthLogsAStackTrace() throws Exception {
        WorkClient client = new WorkClient(port);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            WorkClient.Answer answer = client.work(100, 0);
            assertThat(answer.status()).isEqualTo(200);
            ids.add(answer.requestId());
        }
        ServiceLog log = new ServiceLog(logFile);

        await().atMost(10, SECONDS).untilAsserted(() -> {
            List<String> lines = log.lines();
            Map<String, List<String>> byId = log.linesByRequestId();
            List<String> ours = ids.stream().flatMap(id -> byId.getOrDefault(id, List.of()).stream()).toList();
            assertThat(ours.stream().filter(l -> l.contains(" WARN ") && l.contains("downstream is slow")))
                    .hasSize(5);
            String error = ours.stream().filter(l -> l.contains("ERROR") && l.contains("rate look-up failed"))
                    .findFirst().orElseThrow();
            int at = lines.indexOf(error);
            List<String> trace = lines.subList(at + 1, Math.min(lines.size(), at + 6));
            assertThat(trace.get(0)).startsWith("java.lang.IllegalStateException: rates service unavailable");
            assertThat(trace).anyMatch(l -> l.startsWith("\tat io.ringlog.examples.service.WorkService.lookUpRates"));
        });
    }
}
