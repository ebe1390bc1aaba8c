package io.ringlog.benchmarks.report;

import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * What one run of wrk reported through the benchmarks' Lua {@code done} hook ({@code benchmarks/wrk-summary.lua}): the
 * line of JSON it prints after wrk's own summary, with requests, duration, throughput, latency percentiles and errors.
 * wrk's console text around it is not read. Latencies in microseconds. Immutable.
 *
 * @param requests requests completed, whatever their status
 * @param seconds the measured duration
 * @param requestsPerSecond requests completed per second of the run
 * @param p50 50th percentile latency
 * @param p99 99th percentile latency
 * @param p999 99.9th percentile latency
 * @param max the largest latency
 * @param non2xx responses with a status other than 2xx or 3xx
 * @param socketErrors connect, read, write and timeout errors
 */
record WrkOutput(long requests, double seconds, double requestsPerSecond, double p50, double p99, double p999,
        double max, long non2xx, long socketErrors) {

    /**
     * @param text wrk's standard output, with the hook's line
     * @return its numbers
     * @throws IllegalArgumentException if the text has no line of JSON from the hook (wrk did not finish, or ran
     *         without {@code -s benchmarks/wrk-summary.lua})
     */
    static WrkOutput parse(String text) {
        String line = summaryLine(text);
        try {
            JsonObject summary = JsonParser.parseString(line).getAsJsonObject();
            JsonObject latency = summary.getAsJsonObject("latency_us");
            JsonObject errors = summary.getAsJsonObject("errors");
            return new WrkOutput(summary.get("requests").getAsLong(), summary.get("seconds").getAsDouble(),
                    summary.get("requests_per_second").getAsDouble(), latency.get("p50").getAsDouble(),
                    latency.get("p99").getAsDouble(), latency.get("p99_9").getAsDouble(), latency.get("max").getAsDouble(),
                    errors.get("status").getAsLong(), errors.get("connect").getAsLong() + errors.get("read").getAsLong()
                            + errors.get("write").getAsLong() + errors.get("timeout").getAsLong());
        } catch (JsonParseException | IllegalStateException | NullPointerException e) {
            throw new IllegalArgumentException("wrk's summary line is not the hook's JSON: " + line, e);
        }
    }

    /** The last line that holds a JSON object: the hook prints it after everything wrk prints itself. */
    private static String summaryLine(String text) {
        String[] lines = text.split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            String line = lines[i].strip();
            if (line.startsWith("{") && line.endsWith("}")) {
                return line;
            }
        }
        throw new IllegalArgumentException("wrk's output has no summary line from benchmarks/wrk-summary.lua (did the run "
                + "finish, with -s benchmarks/wrk-summary.lua?):\n" + text);
    }
}
