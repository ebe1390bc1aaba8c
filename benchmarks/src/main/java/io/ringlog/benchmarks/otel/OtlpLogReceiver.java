package io.ringlog.benchmarks.otel;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;

/**
 * The smallest OTLP/HTTP logs receiver: {@code POST /v1/logs} on a free port of the loopback address, each request's
 * log records counted ({@link ExportedRecords}) and answered {@code 200} with an empty (successful)
 * {@code ExportLogsServiceResponse}, as a Collector would. Stands in for a Collector, which this machine does not have.
 * Counts on its two handler threads; {@link #received} from any thread.
 */
final class OtlpLogReceiver implements AutoCloseable {
    private static final String PATH = "/v1/logs";

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newFixedThreadPool(2, runnable -> {
        Thread thread = new Thread(runnable, "otlp-receiver");
        thread.setDaemon(true);
        return thread;
    });
    private final LongAdder records = new LongAdder();
    private final LongAdder requests = new LongAdder();

    OtlpLogReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext(PATH, this::handle);
        server.setExecutor(handlers);
        server.start();
    }

    /** The URL to give OpenTelemetry's OTLP/HTTP log exporter. */
    String endpoint() {
        return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + PATH;
    }

    /** The log records received so far. */
    long received() {
        return records.sum();
    }

    /** The export requests received so far. */
    long requests() {
        return requests.sum();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (InputStream body = exchange.getRequestBody()) {
            byte[] request = body.readAllBytes();
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            records.add(ExportedRecords.count(request));
            requests.increment();
            exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1);
        } finally {
            exchange.close();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }
}
