package io.ringlog.examples.testing;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.DropReason;
import io.ringlog.core.EventLevel;
import io.ringlog.core.PipelineStats;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Ringlog's meters, published by {@code ringlog-micrometer}'s auto-configuration alone, read back over real HTTP from
 * an example service overloaded on purpose. A subclass starts the service with
 * {@code @SpringBootTest(webEnvironment = RANDOM_PORT)}, the {@code overload} profile (a Ringlog appender with 10
 * slots, rounded up to {@value #CAPACITY}, and {@code DROP_BELOW_WARN}) and a {@code logging.file.name} of its own,
 * and names the appender.
 */
public abstract class OverloadMetricsContract {

    /** The ring capacity of the {@code overload} profile: its queue size, 10, rounded up to a power of two. */
    protected static final int CAPACITY = 16;

    private static final int CLIENTS = 8;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Value("${local.server.port}")
    private int port;

    /**
     * @return {@code logback} or {@code log4j2}, the meters' {@code framework} tag
     */
    protected abstract String framework();

    /**
     * @return the Ringlog appender's name, the meters' {@code appender} tag
     */
    protected abstract String appenderName();

    /**
     * @return the running Ringlog appender's own counters, {@code getStats()}
     */
    protected abstract PipelineStats appenderStats();

    @Test
    void dropsOfAnOverloadedServiceAreReadBackFromTheActuator() throws Exception {
        assertThat(appenderStats().capacity()).isEqualTo(CAPACITY);

        overloadUntilTheAppenderDrops();
        await().atMost(10, SECONDS).until(() -> appenderStats().queueSize() == 0);
        PipelineStats idle = appenderStats();
        assertThat(idle.dropped(EventLevel.WARN) + idle.dropped(EventLevel.ERROR)).as("DROP_BELOW_WARN").isZero();

        // The service has one Ringlog appender: the meter's total is its drops.
        JsonNode dropped = getJson("/actuator/metrics/ringlog.events.dropped");
        assertThat(measurement(dropped)).as("ringlog.events.dropped over HTTP").isPositive()
                .isEqualTo((double) idle.dropped());
        Map<String, List<String>> availableTags = new HashMap<>();
        dropped.get("availableTags").forEach(tag -> availableTags.put(tag.get("tag").asString(),
                tag.get("values").valueStream().map(JsonNode::asString).toList()));
        assertThat(availableTags).containsKeys("context", "level", "reason")
                .containsEntry("framework", List.of(framework())).containsEntry("appender", List.of(appenderName()));
        String tags = "tag=framework:" + framework() + "&tag=appender:" + appenderName();
        assertThat(measurement(getJson("/actuator/metrics/ringlog.events.dropped?" + tags + "&tag=level:info")))
                .isEqualTo((double) idle.dropped(EventLevel.INFO));
        assertThat(measurement(getJson("/actuator/metrics/ringlog.events.dropped?" + tags + "&tag=level:warn")))
                .isZero();
        // DROP_BELOW_WARN drops at once what does not fit: OpenTelemetry's error.type "queue_full".
        assertThat(measurement(getJson("/actuator/metrics/ringlog.events.dropped?" + tags + "&tag=reason:queue_full")))
                .isEqualTo((double) idle.dropped(DropReason.QUEUE_FULL)).isEqualTo((double) idle.dropped());
        assertThat(measurement(getJson("/actuator/metrics/ringlog.queue.capacity?" + tags))).isEqualTo(CAPACITY);

        String scrape = get("/actuator/prometheus");
        double info = 0;
        Matcher series = Pattern.compile("(?m)^ringlog_events_dropped_total\\{([^}]*)} (\\S+)$").matcher(scrape);
        List<String> ours = new ArrayList<>();
        while (series.find()) {
            if (series.group(1).contains("appender=\"" + appenderName() + "\"")
                    && series.group(1).contains("framework=\"" + framework() + "\"")) {
                ours.add(series.group());
                if (series.group(1).contains("level=\"info\"")) {
                    info += Double.parseDouble(series.group(2)); // one series per reason
                }
            }
        }
        assertThat(ours).as("ringlog_events_dropped_total in\n%s", scrape)
                .hasSize(EventLevel.values().length * DropReason.values().length);
        assertThat(info).isPositive().isEqualTo((double) idle.dropped(EventLevel.INFO));
        assertThat(scrape).containsPattern("(?m)^ringlog_queue_capacity\\{[^}]*appender=\""
                + Pattern.quote(appenderName()) + "\"[^}]*} " + CAPACITY + "(\\.0)?$");
    }

    /**
     * Keeps {@value #CLIENTS} clients requesting {@code /work} (five lines each, three of them INFO) until the
     * appender counts a drop, then lets them finish.
     */
    private void overloadUntilTheAppenderDrops() throws Exception {
        WorkClient client = new WorkClient(port);
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                running.add(clients.submit(() -> {
                    while (!stop.get()) {
                        assertThat(client.work(10, 0).status()).isEqualTo(200);
                    }
                    return null;
                }));
            }
            await().atMost(30, SECONDS).until(() -> appenderStats().dropped(EventLevel.INFO) > 0
                    || running.stream().anyMatch(Future::isDone));
            stop.set(true);
            for (Future<?> each : running) {
                each.get(30, SECONDS);
            }
        } finally {
            stop.set(true);
            clients.shutdownNow();
        }
        assertThat(appenderStats().dropped(EventLevel.INFO)).as("INFO lines dropped by the overloaded appender")
                .isPositive();
    }

    private double measurement(JsonNode meter) {
        return meter.get("measurements").get(0).get("value").asDouble();
    }

    private JsonNode getJson(String path) throws IOException, InterruptedException {
        return JsonMapper.shared().readTree(get(path));
    }

    private String get(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
        return response.body();
    }
}
