package io.ringlog.benchmarks.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The trials of one results directory, read back from JMH's JSON files ({@code jmh-*.json}). */
final class Results {

    /**
     * One trial.
     *
     * @param framework  logback or log4j2
     * @param kind       throughput, latency or cpu
     * @param threads    JMH worker threads
     * @param params     the JMH parameters (contender, sink, rate ...)
     * @param median     median of the primary metric over all measured iterations of all forks
     * @param unit       the primary metric's unit
     * @param secondary  median of each secondary metric (gc.alloc.rate.norm, delivery.*, latency.*, cpu.*)
     * @param samples    measured iterations behind the median
     * @param forks      forks behind the median
     * @param spread     how far the primary metric's measurements disagree, as a share of the median: with several
     *                   forks, the gap between the highest and the lowest fork's median; with one, between its
     *                   highest and lowest iteration (0 with a single measurement)
     */
    record Trial(String framework, String kind, int threads, Map<String, String> params, double median, String unit,
                 Map<String, Double> secondary, int samples, int forks, double spread) {

        String contender() {
            return params.getOrDefault("contender", "?");
        }

        String sink() {
            return params.getOrDefault("sink", "STALLED");
        }

        int rate() {
            return Integer.parseInt(params.getOrDefault("rate", "0"));
        }

        double secondary(String name) {
            return secondary.getOrDefault(name, Double.NaN);
        }
    }

    private Results() {
    }

    /** Reads every {@code jmh-*.json} of the directory; a missing or empty file contributes nothing. */
    static List<Trial> read(Path directory) throws IOException {
        List<Trial> trials = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(p -> p.getFileName().toString().matches("jmh-.*\\.json")).sorted().collect(Collectors.toList());
        }
        for (Path file : files) {
            if (Files.size(file) == 0) {
                continue;
            }
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                JsonElement root = JsonParser.parseReader(reader);
                if (root.isJsonArray()) {
                    for (JsonElement element : root.getAsJsonArray()) {
                        trials.add(trial(element.getAsJsonObject()));
                    }
                }
            }
        }
        return trials;
    }

    private static Trial trial(JsonObject json) {
        String benchmark = json.get("benchmark").getAsString();
        String framework = benchmark.contains(".log4j2.") ? "log4j2" : "logback";
        String kind = benchmark.contains("Throughput") ? "throughput" : benchmark.contains("Latency") ? "latency" : "cpu";
        Map<String, String> params = new TreeMap<>();
        if (json.has("params")) {
            json.getAsJsonObject("params").entrySet().forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
        }
        JsonObject primary = json.getAsJsonObject("primaryMetric");
        double[] raw = raw(primary);
        List<double[]> forks = forks(primary);
        Map<String, Double> secondary = new LinkedHashMap<>();
        if (json.has("secondaryMetrics")) {
            for (Map.Entry<String, JsonElement> e : json.getAsJsonObject("secondaryMetrics").entrySet()) {
                secondary.put(e.getKey(), median(raw(e.getValue().getAsJsonObject())));
            }
        }
        double median = median(raw);
        return new Trial(framework, kind, json.get("threads").getAsInt(), params, median,
                primary.get("scoreUnit").getAsString(), secondary, raw.length, forks.size(), spread(forks, median));
    }

    /** The measured values of each fork. */
    private static List<double[]> forks(JsonObject metric) {
        List<double[]> forks = new ArrayList<>();
        if (metric.has("rawData")) {
            for (JsonElement fork : metric.getAsJsonArray("rawData")) {
                List<Double> values = new ArrayList<>();
                ((JsonArray) fork).forEach(value -> values.add(number(value)));
                forks.add(values.stream().mapToDouble(Double::doubleValue).toArray());
            }
        }
        return forks;
    }

    /** See {@link Trial#spread()}. */
    static double spread(List<double[]> forks, double median) {
        double[] compared = forks.size() > 1
                ? forks.stream().mapToDouble(Results::median).toArray()
                : forks.isEmpty() ? new double[0] : forks.get(0);
        DoubleSummaryStatistics range = Arrays.stream(compared).filter(v -> !Double.isNaN(v)).summaryStatistics();
        if (range.getCount() < 2 || !(median > 0)) {
            return 0;
        }
        return (range.getMax() - range.getMin()) / median;
    }

    private static double[] raw(JsonObject metric) {
        List<Double> values = new ArrayList<>();
        if (metric.has("rawData")) {
            for (JsonElement fork : metric.getAsJsonArray("rawData")) {
                for (JsonElement value : (JsonArray) fork) {
                    values.add(number(value));
                }
            }
        }
        if (values.isEmpty() && metric.has("score")) {
            values.add(number(metric.get("score")));
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double number(JsonElement value) {
        String text = value.getAsString();
        return "NaN".equals(text) ? Double.NaN : Double.parseDouble(text);
    }

    static double median(double[] values) {
        double[] sorted = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
