package io.ringlog.benchmarks.report;

import io.ringlog.benchmarks.support.ReportCommandLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;

/**
 * Renders the database-sink run ({@code benchmarks/run jdbc}): {@code jdbc-report.md}, a table of rows per second by
 * contender and thread count with ratios against the stock {@code <Async>}, and {@code jdbc-throughput.png}.
 */
public final class JdbcReport {
    /** The report's file name in the results directory. */
    public static final String REPORT_FILE = "jdbc-report.md";
    private static final String REFERENCE = "ASYNC";

    private JdbcReport() {
    }

    /**
     * Renders the report of one results directory.
     *
     * @param args the directory, then optionally {@code --command} and the command line to print in the report
     * @throws IOException if the results cannot be read or the report written
     */
    public static void main(String[] args) throws IOException {
        ReportCommandLine commandLine = ReportCommandLine.parse("JdbcReport", "benchmarks/run jdbc", args);
        String command = commandLine.command();
        Path dir = commandLine.dir();
        List<Results.Trial> trials = new ArrayList<>();
        for (Results.Trial trial : Results.read(dir)) {
            if (trial.params().containsKey("contender") && trial.kind().equals("throughput")) {
                trials.add(trial);
            }
        }
        if (trials.isEmpty()) {
            System.err.println("FAILED: no database-sink results in " + dir);
            System.exit(3);
        }
        render(dir, command, trials, Environment.capture());
        System.out.println(Files.readString(dir.resolve(REPORT_FILE), StandardCharsets.UTF_8));
    }

    static void render(Path dir, String command, List<Results.Trial> trials, Properties environment) throws IOException {
        TreeSet<Integer> threads = new TreeSet<>();
        Map<String, Map<Integer, Double>> rate = new LinkedHashMap<>();
        for (String contender : List.of("SYNC", "ASYNC", "RINGLOG")) {
            rate.put(contender, new LinkedHashMap<>());
        }
        Map<String, Double> rowsPerInsert = new LinkedHashMap<>();
        for (Results.Trial trial : trials) {
            threads.add(trial.threads());
            rate.computeIfAbsent(trial.contender(), c -> new LinkedHashMap<>()).put(trial.threads(), trial.median());
            rowsPerInsert.put(trial.contender() + "/" + trial.threads(), trial.secondary("jdbc.rows.per.insert"));
        }
        StringBuilder md = new StringBuilder("# A database sink: Log4j2 <JDBC bufferSize=\"500\"> into PostgreSQL\n\n");
        md.append("Command: `").append(command).append("`. Rows per second (median of the measured iterations; every ")
                .append("event is one row, and each trial checked that the table held exactly one row per event ")
                .append("logged). Ratio: against the stock `<Async>` at the same thread count. Rows per insert: ")
                .append("rows over the sessions the database saw during the trial (`<DriverManager>` connects once per flush).\n\n");
        md.append("Measured on ").append(Environment.machine(environment)).append(".\n\n");
        md.append("| contender |");
        threads.forEach(t -> md.append(' ').append(t).append(t == 1 ? " thread" : " threads")
                .append(" (rows/s) | ratio | rows per insert |"));
        md.append("\n|---|");
        threads.forEach(t -> md.append("---:|---:|---:|"));
        md.append('\n');
        Map<String, List<Double>> series = new LinkedHashMap<>();
        List<String> categories = new ArrayList<>();
        threads.forEach(t -> categories.add(t + (t == 1 ? " thread" : " threads")));
        for (Map.Entry<String, Map<Integer, Double>> row : rate.entrySet()) {
            if (row.getValue().isEmpty()) {
                continue;
            }
            md.append("| ").append(row.getKey()).append(" |");
            List<Double> values = new ArrayList<>();
            for (int t : threads) {
                double value = row.getValue().getOrDefault(t, Double.NaN);
                double reference = rate.getOrDefault(REFERENCE, Map.of()).getOrDefault(t, Double.NaN);
                values.add(Double.isNaN(value) ? 0.0 : Math.round(value) * 1.0);
                md.append(String.format(Locale.ROOT, " %,.0f | %.2f | %.0f |", value, value / reference,
                        rowsPerInsert.getOrDefault(row.getKey() + "/" + t, Double.NaN)));
            }
            md.append('\n');
            series.put(row.getKey(), values);
        }
        md.append("\n![rows per second](jdbc-throughput.png)\n\n");
        md.append(String.format(Locale.ROOT, "Environment: %s; %s; %s CPUs (%s); %s; git %s.%n",
                environment.getProperty("env.java"), environment.getProperty("env.os"), environment.getProperty("env.cpus"),
                environment.getProperty("env.cpu"), environment.getProperty("env.memory"), environment.getProperty("env.git")));
        Charts.groupedBars(dir.resolve("jdbc-throughput.png"), "Log4j2 JDBC (bufferSize 500) into PostgreSQL: rows/s, "
                + Environment.host(environment),
                "JMH threads", "rows/s", categories, series);
        Files.writeString(dir.resolve(REPORT_FILE), md.toString(), StandardCharsets.UTF_8);
    }
}
