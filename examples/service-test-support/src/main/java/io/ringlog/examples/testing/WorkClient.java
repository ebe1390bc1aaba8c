package io.ringlog.examples.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Calls {@code GET /work}, and other paths, of a running example service. Thread-safe: any thread. */
public final class WorkClient {

    /** What a call returned: the status and the {@code X-Request-Id} header ({@code null} if absent). */
    public record Answer(int status, String requestId) {
    }

    // HTTP/1.1 as curl speaks it to the service: no h2c upgrade offered on each new connection.
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    /**
     * @param port the service's HTTP port on localhost
     */
    public WorkClient(int port) {
        this.base = "http://localhost:" + port;
    }

    /**
     * @param n the bound of the computation
     * @param delayMs the simulated downstream latency
     * @return the answer
     * @throws IOException if the connection fails
     * @throws InterruptedException if interrupted while waiting
     */
    public Answer work(int n, long delayMs) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/work?n=" + n + "&delayMs=" + delayMs))
                .timeout(Duration.ofSeconds(30)).GET().build();
        HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
        return new Answer(response.statusCode(), response.headers().firstValue("X-Request-Id").orElse(null));
    }

    /**
     * @param path a path of the service, such as {@code /benchmark/logging-backlog}
     * @return the body of its answer
     * @throws IOException if the connection fails or the answer is not 200
     * @throws InterruptedException if interrupted while waiting
     */
    public String get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }
}
