package io.ringlog.benchmarks.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * What the driver {@code benchmarks/service} left in a results directory, read back: {@code service-runs.tsv} (one row
 * per measured run, with the wrk or Gatling output it names), {@code service-delivery.tsv} (one row per service JVM:
 * the server's count of {@code /work} requests and the request lines found in its log files) and
 * {@code service-run.properties} (how the services ran: their JVM options and CPUs), with the medians over repeats that
 * the report and the targets use. Immutable.
 *
 * @param runs every measured run
 * @param deliveries every service JVM's delivery count
 * @param setup how the service JVMs ran
 */
record ServiceResults(List<Run> runs, List<Delivery> deliveries, Setup setup) {

    static final String RUNS_FILE = "service-runs.tsv";
    static final String DELIVERY_FILE = "service-delivery.tsv";
    static final String SETUP_FILE = "service-run.properties";
    static final String OFF = "off";
    static final String SYNC = "sync";
    static final int LINES_PER_REQUEST = 5;

    /** The workloads, in the order the driver runs them: CPU-bound, logging-heavy, wait-bound. */
    static final List<String> WORKLOADS = List.of("cpu", "logging", "wait");

    /**
     * How the service JVMs ran, from {@code service-run.properties} (results written before that file: not pinned,
     * the default options).
     *
     * @param javaOptions the service JVMs' options
     * @param serviceCpus the CPUs each service JVM was pinned to ({@code taskset}, {@code -XX:ActiveProcessorCount});
     *                    0 if it was not pinned and shared every CPU with its load generators
     * @param serviceCpuset the CPUs of the service JVMs, as {@code taskset -c} took them; empty if not pinned
     * @param loadCpuset the CPUs of the load generators; empty if not pinned
     * @param gc the collector the service JVMs' ergonomics chose ({@code G1}, {@code Serial}, ...), or {@code unknown}
     * @param started when the run started, or empty
     * @param javaVersion the service JVMs' Java version ({@code RINGLOG_SERVICE_JAVA_HOME}), or empty
     * @param variantSet the set of variants the run was asked for ({@code RINGLOG_SERVICE_SET}), or empty
     */
    record Setup(String javaOptions, int serviceCpus, String serviceCpuset, String loadCpuset, String gc,
            String started, String javaVersion, String variantSet) {

        static final Setup UNRECORDED = new Setup("-Xms1g -Xmx1g", 0, "", "", "unknown", "", "", "");

        boolean pinned() {
            return serviceCpus > 0;
        }

        static Setup read(Path file) throws IOException {
            if (!Files.exists(file)) {
                return UNRECORDED;
            }
            Properties p = new Properties();
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(reader);
            }
            String cpus = p.getProperty("service.cpus", "").trim();
            return new Setup(p.getProperty("java.opts", UNRECORDED.javaOptions()),
                    cpus.isEmpty() ? 0 : Integer.parseInt(cpus), p.getProperty("service.cpuset", ""), p.getProperty("load.cpuset", ""),
                    p.getProperty("service.gc", "unknown"), p.getProperty("started", ""), p.getProperty("service.java", ""),
                    p.getProperty("set", ""));
        }
    }

    /**
     * One measured run: a closed loop (wrk) or an open loop at a fixed rate (Gatling), in one service JVM.
     *
     * @param rateSpec how the open loop's rate was asked for ({@code 70%} of the closed loop, or {@code 4000});
     *                 {@code -} for a closed loop
     * @param served the {@code /work} requests the server itself counted between the two CPU samples (an open loop's
     *               window also holds Gatling's unrecorded warm-up requests); 0 if the results predate that column
     * @param queuedBefore the log events waiting in the variant's asynchronous queues when the run began; -1 if not
     *                     recorded (an open loop, or results that predate the column)
     * @param queuedAfter the same when the run ended; -1 if not recorded
     * @param threads what the service's threads spent during a closed loop ({@link ThreadUse#NONE} for an open loop,
     *                or results that predate the file)
     */
    record Run(String flavour, String variant, int repeat, String workload, double seconds, boolean open, double rate,
            String rateSpec, double cpuSeconds, WrkOutput wrk, GatlingOutput gatling, long served, long queuedBefore,
            long queuedAfter, ThreadUse threads) {

        /** Requests answered (closed loop) or sent (open loop) during the measured run. */
        long requests() {
            return open ? gatling.requests() : wrk.requests();
        }

        /**
         * The log lines the run's requests left queued at its end, to be written after the measurement (on CPU time
         * the run did not pay): what the queues grew by during the run; 0 if not recorded.
         */
        long deferredLines() {
            return queuedAfter < 0 ? 0 : Math.max(0, queuedAfter - Math.max(0, queuedBefore));
        }

        /**
         * A closed loop's requests/s less the requests whose lines were still queued at its end ({@link
         * #deferredLines()} ÷ {@value ServiceResults#LINES_PER_REQUEST} lines per request ÷ the run's seconds): the rate at which
         * the service answered requests and also wrote their logging. A queue as large as Async Loggers' default
         * (262,144 events) can otherwise lend a variant several thousand requests/s for the length of a run.
         */
        double sustainedRequestsPerSecond() {
            return wrk.requestsPerSecond() - deferredLines() / (double) LINES_PER_REQUEST / seconds;
        }

        /**
         * The service's CPU time per request, in milliseconds: over every request served in the CPU window where the
         * server's count is known, otherwise over the measured ones.
         */
        double cpuMillisPerRequest() {
            return perRequest(1000 * cpuSeconds);
        }

        /**
         * A quantity of the run spread over its requests: over every request served in the CPU window where the server's
         * count is known, otherwise over the measured ones; {@code NaN} if there were none.
         */
        double perRequest(double quantity) {
            long requests = served > 0 ? served : requests();
            return requests == 0 ? Double.NaN : quantity / requests;
        }
    }

    /**
     * One service JVM's request lines, against the requests its server counted (warm-up included).
     *
     * @param lines the request lines in the log files, rolled ones included
     * @param consoleLines the request lines on the JVM's console (standard output); -1 if not counted (results that
     *                     predate the column)
     * @param requestThread {@code virtual} or {@code platform}: what the service's request threads were at the end;
     *                      {@code -} if not recorded
     */
    record Delivery(String flavour, String variant, int repeat, long workRequests, long lines, long bytes,
            int warmupSeconds, long consoleLines, String requestThread) {

        long expectedLines() {
            return LINES_PER_REQUEST * workRequests;
        }

        boolean lossless() {
            return !OFF.equals(variant);
        }

        /**
         * Whether the console must hold every request line too: Spring Boot's default logging writes each line to its
         * console appender as well as to the file (the hand-written configurations keep them off the console).
         */
        boolean consoleChecked() {
            return ServiceVariants.isBootDefault(variant) && consoleLines >= 0;
        }

        boolean lost() {
            return lossless() && (lines < expectedLines() || consoleChecked() && consoleLines < expectedLines());
        }

        double bytesPerLine() {
            return lines == 0 ? 0 : (double) bytes / lines;
        }
    }

    /**
     * @param dir a results directory
     * @return its results
     * @throws IOException if a file cannot be read
     * @throws IllegalArgumentException if a row is malformed or a run's output is not a finished run's
     */
    static ServiceResults read(Path dir) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (String[] f : rows(dir.resolve(RUNS_FILE), 10)) {
            String output = Files.readString(dir.resolve(f[9]), StandardCharsets.UTF_8);
            boolean open = f[5].equals("open");
            long served = f.length > 10 && !f[10].equals("-") ? Math.round(Double.parseDouble(f[10])) : 0;
            runs.add(new Run(f[0], f[1], Integer.parseInt(f[2]), f[3], Double.parseDouble(f[4]), open,
                    Double.parseDouble(f[6]), f[7], Double.parseDouble(f[8]), open ? null : WrkOutput.parse(output),
                    open ? GatlingOutput.parse(output) : null, served, count(f, 11), count(f, 12), threads(dir, f[9])));
        }
        List<Delivery> deliveries = new ArrayList<>();
        for (String[] f : rows(dir.resolve(DELIVERY_FILE), 7)) {
            deliveries.add(new Delivery(f[0], f[1], Integer.parseInt(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4]),
                    Long.parseLong(f[5]), Integer.parseInt(f[6]), count(f, 7), f.length > 8 ? f[8] : "-"));
        }
        return new ServiceResults(List.copyOf(runs), List.copyOf(deliveries), Setup.read(dir.resolve(SETUP_FILE)));
    }

    /** The flavours, in the order they ran. */
    List<String> flavours() {
        return runs.stream().map(Run::flavour).distinct().collect(Collectors.toList());
    }

    /** The variants of a flavour, in the order of its first repeat. */
    List<String> variants(String flavour) {
        return runs.stream().filter(r -> r.flavour().equals(flavour)).map(Run::variant).distinct()
                .collect(Collectors.toList());
    }

    /**
     * The closed loops each service JVM ran per workload ({@code RINGLOG_SERVICE_ROUNDS}): the most any JVM ran of one
     * workload; 1 if there are none.
     */
    int rounds() {
        return runs.stream().filter(r -> !r.open())
                .collect(Collectors.groupingBy(r -> List.of(r.flavour(), r.variant(), r.repeat(), r.workload()), Collectors.counting()))
                .values().stream().mapToInt(Long::intValue).max().orElse(1);
    }

    /** The closed-loop runs of one variant and workload: one per repeat and round. */
    List<Run> closed(String flavour, String variant, String workload) {
        return runs.stream().filter(r -> !r.open() && r.flavour().equals(flavour) && r.variant().equals(variant)
                && r.workload().equals(workload)).collect(Collectors.toList());
    }

    /** The open-loop runs of one variant, workload and rate spec: one per repeat and round. */
    List<Run> open(String flavour, String variant, String workload, String rateSpec) {
        return runs.stream().filter(r -> r.open() && r.flavour().equals(flavour) && r.variant().equals(variant)
                && r.workload().equals(workload) && r.rateSpec().equals(rateSpec)).collect(Collectors.toList());
    }

    /** The rate specs of a flavour's open-loop runs of one workload, in the order they ran. */
    List<String> rateSpecs(String flavour, String workload) {
        return runs.stream().filter(r -> r.open() && r.flavour().equals(flavour) && r.workload().equals(workload))
                .map(Run::rateSpec).distinct().collect(Collectors.toList());
    }

    /** The delivery counts of one variant, one per repeat. */
    List<Delivery> deliveries(String flavour, String variant) {
        return deliveries.stream().filter(d -> d.flavour().equals(flavour) && d.variant().equals(variant))
                .collect(Collectors.toList());
    }

    /** The median of a figure over runs ({@code NaN} for none): with an even count, the mean of the middle two. */
    static <T> double median(List<T> runs, ToDoubleFunction<T> figure) {
        double[] values = runs.stream().mapToDouble(figure).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (values.length == 0) {
            return Double.NaN;
        }
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    /** The smallest and largest of a figure over runs. */
    static <T> double[] range(List<T> runs, ToDoubleFunction<T> figure) {
        double[] values = runs.stream().mapToDouble(figure).sorted().toArray();
        return values.length == 0 ? new double[] {Double.NaN, Double.NaN}
                : new double[] {values[0], values[values.length - 1]};
    }

    /**
     * What the service's threads spent in the closed loop whose wrk output is {@code wrkFile}: the driver names the file
     * it writes beside it {@code threads-*.txt} for {@code wrk-*.txt}.
     */
    private static ThreadUse threads(Path dir, String wrkFile) throws IOException {
        Path file = dir.resolve(wrkFile.replaceFirst("^wrk-", "threads-"));
        if (!wrkFile.startsWith("wrk-") || !Files.exists(file)) {
            return ThreadUse.NONE;
        }
        return ThreadUse.parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** The count in column {@code index}, or -1 where the row has none ("-", or a row from before the column). */
    private static long count(String[] fields, int index) {
        return fields.length > index && !fields[index].equals("-") ? Long.parseLong(fields[index]) : -1;
    }

    private static List<String[]> rows(Path file, int columns) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] fields = line.split("\t");
            if (fields.length < columns) {
                throw new IllegalArgumentException(file.getFileName() + ": not a row of " + columns + " columns ("
                        + lines.get(0).replace('\t', ',') + "): " + Arrays.toString(fields));
            }
            rows.add(fields);
        }
        return rows;
    }
}
