package io.ringlog.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Renders {@code service-report.md} and its charts from what the driver {@code benchmarks/service} left in a
 * results directory: {@code service-results.tsv} (one row per flavour, workload and variant: CPU seconds of the
 * measured run, the server's count of {@code /work} requests, request lines and bytes in the log files) and the
 * {@code wrk-<flavour>-<workload>-<variant>.txt} output of each measured run. Ratios are against the
 * {@value #REFERENCE} variant of the same flavour and workload. The delivery check fails the run when a lossless
 * variant (every one but {@value #OFF}) wrote fewer than {@value #LINES_PER_REQUEST} lines per request.
 */
public final class ServiceReport {

    static final String REFERENCE = "stock-async";
    static final String OFF = "off";
    static final int LINES_PER_REQUEST = 5;
    static final String RESULTS_FILE = "service-results.tsv";
    static final String REPORT_FILE = "service-report.md";

    private static final Map<String, String> WORKLOADS = Map.of(
            "cpu", "CPU-bound: `GET /work?n=1000` (a sieve, five lines)",
            "wait", "wait-bound: `GET /work?n=1000&delayMs=20` (the same, plus a 20 ms wait)");

    private ServiceReport() {
    }

    /** One measured run of a variant. */
    record Row(String flavour, String workload, String variant, double cpuSeconds, long workRequests, long lines,
            long bytes, WrkOutput wrk) {

        long expectedLines() {
            return LINES_PER_REQUEST * workRequests;
        }

        boolean lossless() {
            return !OFF.equals(variant);
        }

        boolean lost() {
            return lossless() && lines < expectedLines();
        }
    }

    /**
     * {@code ServiceReport DIR [--command CMD]}: renders DIR's service report; exits 2 if a lossless variant lost
     * a line, 3 if nothing could be rendered.
     *
     * @param args the directory, then optionally {@code --command} and the command line to print in the report
     * @throws IOException if the results cannot be read or the report written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: ServiceReport DIR [--command CMD]");
            System.exit(1);
        }
        String command = args.length >= 3 && "--command".equals(args[1]) ? args[2] : "benchmarks/run service";
        Path dir = Path.of(args[0]);
        boolean delivered;
        try {
            delivered = render(dir, command, Environment.capture());
        } catch (IllegalArgumentException e) {
            System.err.println("FAILED: " + e.getMessage());
            System.exit(3);
            return;
        }
        System.out.println(Files.readString(dir.resolve(REPORT_FILE), StandardCharsets.UTF_8));
        if (!delivered) {
            System.err.println("FAILED: a lossless variant lost log lines; see the Verdict of " + dir.resolve(REPORT_FILE));
            System.exit(2);
        }
    }

    /**
     * @return {@code false} if a lossless variant lost a line (the report says which at the top)
     */
    static boolean render(Path dir, String command, Properties environment) throws IOException {
        List<Row> rows = read(dir);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(dir.resolve(RESULTS_FILE) + " holds no results");
        }
        List<Row> lost = rows.stream().filter(Row::lost).collect(Collectors.toList());
        StringBuilder md = new StringBuilder("# Ringlog in a web service\n\n");
        if (lost.isEmpty()) {
            md.append("Verdict: every lossless variant wrote all ").append(LINES_PER_REQUEST)
                    .append(" lines of every request the server answered.\n\n");
        } else {
            md.append("**DELIVERY CHECK FAILED**\n\n");
            lost.forEach(row -> md.append(String.format(Locale.ROOT, "- %s %s, %s workload: %,d of %,d lines (%,d lost)%n",
                    row.flavour(), row.variant(), row.workload(), row.lines(), row.expectedLines(),
                    row.expectedLines() - row.lines())));
            md.append('\n');
        }
        md.append("Command: `").append(command).append("`. Each variant is the example service's jar in its own JVM, ")
                .append("driven by wrk (closed loop: 2 threads, 200 connections, each sends its next request when the ")
                .append("last is answered) on the same machine. Ratios are against `").append(REFERENCE)
                .append("` of the same flavour and workload. Latency is wrk's, from send to answer: in a closed loop ")
                .append("it is not corrected for coordinated omission (an open-loop run at fixed rates, wrk2, is not ")
                .append("part of this report yet). CPU is the service process's user + system time during the measured ")
                .append("run (wrk shares the machine). Lines/s and MB/s: the request lines written per second of the ")
                .append("measured run (").append(LINES_PER_REQUEST).append(" per answered request; MB/s from the ")
                .append("average length of the lines in the files). Delivery: request lines in the files, rolled ")
                .append(".gz files included, against ").append(LINES_PER_REQUEST)
                .append(" × the server's own count of `/work` requests (warm-up included).\n\n");

        Set<String> flavours = new LinkedHashSet<>();
        rows.forEach(row -> flavours.add(row.flavour()));
        for (String flavour : flavours) {
            md.append("## ").append(flavour.equals("logback") ? "Logback" : "Log4j2").append("\n\n");
            Map<String, List<Double>> rate = new LinkedHashMap<>();
            Map<String, List<Double>> p99 = new LinkedHashMap<>();
            List<String> variants = new ArrayList<>();
            for (String workload : List.of("cpu", "wait")) {
                List<Row> runs = rows.stream().filter(r -> r.flavour().equals(flavour) && r.workload().equals(workload))
                        .collect(Collectors.toList());
                if (runs.isEmpty()) {
                    continue;
                }
                md.append("### ").append(WORKLOADS.getOrDefault(workload, workload)).append("\n\n");
                table(md, runs);
                rate.put(workload, new ArrayList<>());
                p99.put(workload, new ArrayList<>());
                for (Row run : runs) {
                    if (!variants.contains(run.variant())) {
                        variants.add(run.variant());
                    }
                }
            }
            for (String variant : variants) {
                for (String workload : rate.keySet()) {
                    Row run = rows.stream().filter(r -> r.flavour().equals(flavour) && r.workload().equals(workload)
                            && r.variant().equals(variant)).findFirst().orElse(null);
                    rate.get(workload).add(run == null ? 0.0 : Math.round(run.wrk().requestsPerSecond() * 10) / 10.0);
                    p99.get(workload).add(run == null ? 0.0 : Math.round(run.wrk().p99() / 100) / 10.0);
                }
            }
            String rateChart = "service-throughput-" + flavour + ".png";
            String latencyChart = "service-p99-" + flavour + ".png";
            Charts.groupedBars(dir.resolve(rateChart), flavour + " service: requests per second (200 connections)",
                    "variant", "requests/s", variants, rate);
            Charts.groupedBars(dir.resolve(latencyChart), flavour + " service: p99 latency (closed loop)",
                    "variant", "p99 latency (ms)", variants, p99);
            md.append("![").append(flavour).append(" requests/s](").append(rateChart).append(")\n\n");
            md.append("![").append(flavour).append(" p99 latency](").append(latencyChart).append(")\n\n");
        }

        md.append("## Environment\n\n");
        environment.stringPropertyNames().stream().sorted().forEach(key ->
                md.append("- ").append(key).append(": ").append(environment.getProperty(key)).append('\n'));
        Path wrkVersion = dir.resolve("wrk-version.txt");
        if (Files.exists(wrkVersion)) {
            md.append("- load generator: ").append(Files.readString(wrkVersion, StandardCharsets.UTF_8).trim()).append('\n');
        }
        Path load = dir.resolve("loadavg.tsv");
        if (Files.exists(load)) {
            double[] loads = Files.readAllLines(load, StandardCharsets.UTF_8).stream().map(line -> line.split("\t"))
                    .filter(f -> f.length == 2).mapToDouble(f -> Double.parseDouble(f[1])).toArray();
            md.append(String.format(Locale.ROOT, "- load average (1 min) when each variant started: %.2f to %.2f "
                    + "(the previous variant's wrk and service leave up to about 3; much more means another job shared the machine)%n",
                    java.util.Arrays.stream(loads).min().orElse(0), java.util.Arrays.stream(loads).max().orElse(0)));
        }
        Files.writeString(dir.resolve(REPORT_FILE), md.toString(), StandardCharsets.UTF_8);
        return lost.isEmpty();
    }

    private static void table(StringBuilder md, List<Row> runs) {
        Row reference = runs.stream().filter(r -> r.variant().equals(REFERENCE)).findFirst().orElse(null);
        md.append("| variant | requests/s | vs ").append(REFERENCE).append(" | p50 | p99 | p99.9 | max | errors "
                + "| CPU s / 1,000 req | CPU cores | lines/s | MB/s | delivery |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (Row run : runs) {
            WrkOutput wrk = run.wrk();
            double seconds = wrk.seconds();
            double linesPerSecond = run.variant().equals(OFF) ? 0 : LINES_PER_REQUEST * wrk.requests() / seconds;
            double bytesPerLine = run.lines() == 0 ? 0 : (double) run.bytes() / run.lines();
            String ratio = reference == null ? "" : String.format(Locale.ROOT, "×%.2f",
                    wrk.requestsPerSecond() / reference.wrk().requestsPerSecond());
            md.append(String.format(Locale.ROOT, "| %s | %,.0f | %s | %s | %s | %s | %s | %s | %.3f | %.2f | %,.0f | %.2f | %s |%n",
                    run.variant().equals(REFERENCE) ? "**" + REFERENCE + "** (reference)" : run.variant(),
                    wrk.requestsPerSecond(), ratio, millis(wrk.p50()), millis(wrk.p99()), millis(wrk.p999()),
                    millis(wrk.max()), wrk.non2xx() + wrk.socketErrors() == 0 ? "0"
                            : wrk.non2xx() + " non-2xx, " + wrk.socketErrors() + " socket",
                    1000 * run.cpuSeconds() / wrk.requests(), run.cpuSeconds() / seconds, linesPerSecond,
                    linesPerSecond * bytesPerLine / 1e6, delivery(run)));
        }
        md.append('\n');
    }

    private static String delivery(Row run) {
        if (!run.lossless()) {
            return String.format(Locale.ROOT, "logging off (%,d lines)", run.lines());
        }
        long expected = run.expectedLines();
        if (run.lines() == expected) {
            return String.format(Locale.ROOT, "✓ %,d = %d × %,d", run.lines(), LINES_PER_REQUEST, run.workRequests());
        }
        if (run.lines() < expected) {
            return String.format(Locale.ROOT, "**LOST %,d** of %,d", expected - run.lines(), expected);
        }
        return String.format(Locale.ROOT, "%,d lines, %,d more than %d × %,d requests counted", run.lines(),
                run.lines() - expected, LINES_PER_REQUEST, run.workRequests());
    }

    private static String millis(double micros) {
        if (Double.isNaN(micros)) {
            return "";
        }
        return micros < 10_000 ? String.format(Locale.ROOT, "%.2f ms", micros / 1e3)
                : String.format(Locale.ROOT, "%,.0f ms", micros / 1e3);
    }

    static List<Row> read(Path dir) throws IOException {
        List<Row> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(dir.resolve(RESULTS_FILE), StandardCharsets.UTF_8);
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length < 7) {
                throw new IllegalArgumentException("not a result row (flavour, workload, variant, cpu_seconds, "
                        + "work_requests, lines, bytes): " + line);
            }
            Path wrk = dir.resolve("wrk-" + f[0] + "-" + f[1] + "-" + f[2] + ".txt");
            rows.add(new Row(f[0], f[1], f[2], Double.parseDouble(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]),
                    Long.parseLong(f[6]), WrkOutput.parse(Files.readString(wrk, StandardCharsets.UTF_8))));
        }
        return rows;
    }
}
