package io.ringlog.benchmarks.report;

import static io.ringlog.benchmarks.report.ServiceResults.LINES_PER_REQUEST;
import static io.ringlog.benchmarks.report.ServiceResults.OFF;
import static io.ringlog.benchmarks.report.ServiceResults.median;
import static io.ringlog.benchmarks.report.ServiceResults.range;

import io.ringlog.benchmarks.report.ServiceResults.Delivery;
import io.ringlog.benchmarks.report.ServiceResults.Run;
import io.ringlog.benchmarks.report.ServiceResults.Setup;
import io.ringlog.benchmarks.support.ReportCommandLine;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * Renders {@code service-report.md} and its charts from what the driver {@code benchmarks/service} left in a results
 * directory ({@link ServiceResults}): per flavour and workload, the closed loop's requests/s and latencies, the open
 * loop's latencies at fixed rates, the service's CPU per request and the log volume, all as medians over repeats, with
 * ratios against the {@value #REFERENCE} variant; the targets' verdicts ({@link ServiceTargets}); and the delivery check,
 * which fails the run when Ringlog wrote fewer than {@value ServiceResults#LINES_PER_REQUEST} lines per request its server
 * answered, and names any other lossless variant that did as a finding about it. The machine (CPU model and cores)
 * stands above the targets and each flavour's tables, and a run whose services were pinned to one CPU says so under the
 * title.
 */
public final class ServiceReport {

    static final String REFERENCE = ServiceTargets.STOCK;
    static final String REPORT_FILE = "service-report.md";
    /** The environment of the run, captured when its report is first rendered, so that a re-render keeps it. */
    static final String ENVIRONMENT_FILE = "service-environment.properties";

    private static final Map<String, String> WORKLOAD_TITLES = Map.of(
            "cpu", "CPU-bound: `GET /work?n=1000` (a sieve, five lines)",
            "logging", "logging-heavy: `GET /work?n=10` (the same five lines around a sieve of 10 numbers, almost no work)",
            "wait", "wait-bound: `GET /work?n=1000&delayMs=50` (the same, plus a 50 ms wait)");

    /** The workloads as the charts name them. */
    private static final Map<String, String> WORKLOAD_NAMES = Map.of(
            "cpu", "CPU-bound", "logging", "logging-heavy", "wait", "wait-bound");

    private ServiceReport() {
    }

    /**
     * {@code ServiceReport DIR [--command CMD]}: renders DIR's service report; exits 2 if Ringlog lost a line (another
     * variant that did is a finding the report states), 3 if nothing could be rendered.
     *
     * @param args the directory, then optionally {@code --command} and the command line to print in the report
     * @throws IOException if the results cannot be read or the report written
     */
    public static void main(String[] args) throws IOException {
        ReportCommandLine commandLine = ReportCommandLine.parse("ServiceReport", "benchmarks/run service", args);
        String command = commandLine.command();
        Path dir = commandLine.dir();
        boolean delivered;
        try {
            delivered = render(dir, command, runEnvironment(dir));
        } catch (IllegalArgumentException e) {
            System.err.println("FAILED: " + e.getMessage());
            System.exit(3);
            return;
        }
        System.out.println(Files.readString(dir.resolve(REPORT_FILE), StandardCharsets.UTF_8));
        if (!delivered) {
            System.err.println("FAILED: Ringlog lost log lines; see the top of " + dir.resolve(REPORT_FILE));
            System.exit(2);
        }
    }

    /** The run's environment: as first captured for this directory, or captured now (the run just ended) and kept. */
    private static Properties runEnvironment(Path dir) throws IOException {
        Path file = dir.resolve(ENVIRONMENT_FILE);
        Properties environment = new Properties();
        if (Files.exists(file)) {
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                environment.load(reader);
            }
            return environment;
        }
        environment = Environment.capture();
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            environment.store(writer, "The machine of the service run, as the report first saw it");
        }
        return environment;
    }

    /**
     * @return {@code false} if Ringlog lost a line (the report says which at the top); another variant that lost lines is
     *         a finding, stated under it
     */
    static boolean render(Path dir, String command, Properties environment) throws IOException {
        ServiceResults results = ServiceResults.read(dir);
        if (results.runs().isEmpty()) {
            throw new IllegalArgumentException(dir.resolve(ServiceResults.RUNS_FILE) + " holds no results");
        }
        Setup setup = results.setup();
        List<Delivery> lost = results.deliveries().stream().filter(d -> d.lost() && ServiceVariants.isRinglog(d.variant()))
                .collect(Collectors.toList());
        List<Delivery> peersLost = results.deliveries().stream().filter(d -> d.lost() && !ServiceVariants.isRinglog(d.variant()))
                .collect(Collectors.toList());
        StringBuilder md = new StringBuilder("# Ringlog in a web service")
                .append(setup.serviceCpus() == 1 ? ", each service on one CPU" : "").append("\n\n");
        if (setup.pinned()) {
            md.append("> **").append(setup.serviceCpus() == 1 ? "One CPU" : setup.serviceCpus() + " CPUs")
                    .append("**: each service JVM ran on CPU ").append(setup.serviceCpuset()).append(" alone (`taskset -c ")
                    .append(setup.serviceCpuset()).append("`, `-XX:ActiveProcessorCount=").append(setup.serviceCpus())
                    .append("`; its JVM chose the ").append(setup.gc()).append(" collector), its load generators on CPU ")
                    .append(setup.loadCpuset()).append(" (`taskset -c ").append(setup.loadCpuset()).append("`). ")
                    .append(setup.serviceCpus() == 1 ? "The target on one CPU: Ringlog serves at least the requests/s of "
                            + "synchronous logging, and delivers every line." : "")
                    .append("\n\n");
        }
        md.append("Machine: ").append(machine(environment, setup)).append(".\n\n");
        if (lost.isEmpty()) {
            md.append("**Ringlog delivered every line**: it wrote all ").append(LINES_PER_REQUEST)
                    .append(" lines of every request its server answered")
                    .append(results.deliveries().stream().anyMatch(d -> ServiceVariants.isRinglog(d.variant())
                            && ServiceVariants.isBootDefault(d.variant())) ? " (behind the starter, to the file and to the console)" : "")
                    .append(peersLost.isEmpty() ? ", and so did every other lossless variant" : "").append(".\n\n");
        } else {
            md.append("**DELIVERY CHECK FAILED**: Ringlog lost lines (the run exits non-zero)\n\n");
            lost.forEach(d -> md.append(lostLine(d)));
            md.append('\n');
        }
        if (!peersLost.isEmpty()) {
            md.append("Finding about another setup (its lossless promise broken; not a failure of this run):\n\n");
            peersLost.forEach(d -> md.append(lostLine(d)));
            md.append('\n');
        }
        int repeats = results.runs().stream().mapToInt(Run::repeat).max().orElse(1);
        int rounds = results.rounds();
        md.append("Command: `").append(command).append("`. ").append(method(repeats, rounds, setup, environment)).append("\n\n");

        md.append("## Targets\n\n");
        md.append("On ").append(machine(environment, setup)).append(": ").append(sample(repeats, rounds)).append(", closed loop (wrk). ")
                .append(setup.serviceCpus() == 1
                        ? "On one CPU the consumer thread of an asynchronous appender takes its CPU time from the request "
                                + "threads, so Ringlog is held to synchronous logging's requests/s there."
                        : "CPU-bound and logging-heavy: Ringlog's requests/s at least halfway from synchronous logging to "
                                + "logging off and at least every other lossless asynchronous variant's, its p99 at most "
                                + "half of synchronous logging's, its CPU per request below " + REFERENCE + "'s; "
                                + "wait-bound: within 5 % of logging off.")
                .append("\n\n");
        for (String flavour : results.flavours()) {
            List<ServiceTargets.Verdict> verdicts = ServiceTargets.judge(results, flavour);
            if (verdicts.isEmpty()) {
                continue;
            }
            md.append("| ").append(title(flavour)).append(": target | measured (medians) | met |\n|---|---|---|\n");
            verdicts.forEach(v -> md.append("| ").append(v.target()).append(" | ").append(v.measured()).append(" | ")
                    .append(outcome(v.outcome())).append(" |\n"));
            md.append('\n');
        }

        String host = !setup.pinned() ? Environment.host(environment) : "on " + Environment.shortModel(environment)
                + ", service on " + setup.serviceCpus() + " of " + environment.getProperty("env.cpus", "?") + " CPUs";
        for (String flavour : results.flavours()) {
            md.append("## ").append(title(flavour)).append("\n\n");
            md.append("Measured on ").append(machine(environment, setup)).append(".\n\n");
            List<String> variants = results.variants(flavour);
            variantsTable(md, variants);
            List<HeadlineChart.Group> throughput = new ArrayList<>();
            List<HeadlineChart.Group> closedP99 = new ArrayList<>();
            for (String workload : ServiceResults.WORKLOADS) {
                if (variants.stream().allMatch(v -> results.closed(flavour, v, workload).isEmpty())) {
                    continue;
                }
                md.append("### ").append(WORKLOAD_TITLES.getOrDefault(workload, workload)).append("\n\n");
                closedTable(md, results, flavour, workload, variants);
                threadsTable(md, results, flavour, workload, variants);
                Map<String, Double> rps = new LinkedHashMap<>();
                Map<String, Double> p99 = new LinkedHashMap<>();
                for (String v : variants) {
                    rps.put(v, median(results.closed(flavour, v, workload), Run::sustainedRequestsPerSecond));
                    p99.put(v, median(results.closed(flavour, v, workload), r -> r.wrk().p99()) / 1e3);
                }
                String name = WORKLOAD_NAMES.getOrDefault(workload, workload);
                throughput.add(Headline.serviceGroup(name, rps, "%,.0f req/s", true));
                closedP99.add(Headline.serviceGroup(name, p99, "%,.1f ms", false));
                for (String spec : results.rateSpecs(flavour, workload)) {
                    openTable(md, results, flavour, workload, spec, variants);
                }
            }
            starterTable(md, results, flavour, variants);
            virtualThreadsTable(md, results, flavour, variants);
            deliveryTable(md, results, flavour, variants);
            String subtitle = host + "; " + sample(repeats, rounds);
            String rateChart = "service-throughput-" + flavour + ".png";
            HeadlineChart.render(dir.resolve(rateChart), title(flavour) + " in a web service: requests per second, closed"
                    + " loop (higher is better)", subtitle, Headline.SERVICE_FOOTNOTE, throughput);
            md.append("![").append(flavour).append(" requests/s](").append(rateChart).append(")\n\n");
            String latencyChart = "service-p99-" + flavour + ".png";
            HeadlineChart.render(dir.resolve(latencyChart), title(flavour) + " in a web service: p99 latency, closed loop"
                    + " (lower is better)", subtitle, "wrk's p99 at 200 connections, to the microsecond; not corrected for"
                    + " coordinated omission (the open loop's tables are).", closedP99);
            md.append("![").append(flavour).append(" p99, closed loop](").append(latencyChart).append(")\n\n");
        }
        environment(md, dir, environment, setup);
        Files.writeString(dir.resolve(REPORT_FILE), md.toString(), StandardCharsets.UTF_8);
        return lost.isEmpty();
    }

    private static String lostLine(Delivery d) {
        long lines = d.lines() < d.expectedLines() || !d.consoleChecked() ? d.lines() : d.consoleLines();
        return String.format(Locale.ROOT, "- %s %s, repeat %d: %,d of %,d lines%s (%,d lost)%n", d.flavour(), d.variant(),
                d.repeat(), lines, d.expectedLines(), lines == d.lines() ? "" : " on the console", d.expectedLines() - lines);
    }

    /**
     * The machine in one line, and where the services ran on it: {@code AMD EPYC, 2 CPUs (...); each service on CPU 0
     * alone, its load on CPU 1}.
     */
    static String machine(Properties environment, Setup setup) {
        String machine = Environment.machine(environment);
        if (!setup.pinned()) {
            return machine + "; services and load generators shared them";
        }
        return machine + "; each service on CPU " + setup.serviceCpuset() + " alone"
                + (setup.serviceCpus() == 1 ? " (one CPU)" : "") + ", its load generators on CPU " + setup.loadCpuset();
    }

    private static String outcome(ServiceTargets.Outcome outcome) {
        switch (outcome) {
            case MET: return "✓";
            case MISSED: return "**✗ missed**";
            default: return "not judged";
        }
    }

    /** What each figure is the median of: "one JVM per variant", "medians of 2 JVMs × 3 runs per variant". */
    private static String sample(int repeats, int rounds) {
        if (repeats == 1 && rounds == 1) {
            return "one JVM per variant";
        }
        return "medians of " + (repeats == 1 ? "one JVM" : repeats + " JVMs") + (rounds == 1 ? "" : " × " + rounds + " runs")
                + " per variant";
    }

    private static String method(int repeats, int rounds, Setup setup, Properties environment) {
        String placement = setup.pinned()
                ? "pinned to CPU " + setup.serviceCpuset() + " with `taskset` while its load generators ran on CPU "
                        + setup.loadCpuset() + ", "
                : "on the same " + environment.getProperty("env.cpus", "?") + "-CPU machine as its load generator, ";
        return "Each variant is the example service's jar in its own JVM (`" + setup.javaOptions() + "`"
                + (setup.gc().equals("unknown") ? "" : ", " + setup.gc() + " collector") + "), " + placement
                + (repeats == 1 ? "run once" : "run " + repeats + " times in a rotated order; "
                + "tables show medians, and the range of requests/s") + ". A flavour's variants run side by side: "
                + "their JVMs start together and take turns, each workload's runs of every variant before the next "
                + "workload's, so that a host whose speed drifts moves them alike; a JVM waiting for its turn idles. "
                + (rounds == 1 ? "" : "Each JVM runs each workload's closed loop " + rounds + " times, the variants taking "
                        + "turns round after round, and a figure is the median of all of a variant's runs. ")
                + "Each JVM is warmed up first, alone under load, by wrk on the "
                + "CPU-bound workload at 8 connections, so that the JIT's threads get CPU, in 5 s slices until two "
                + "agree within 3 %, then in rounds 5 s at 200 connections on each workload, each followed by a pause "
                + "without load until the JIT's queue is empty, until a round's slices queue at most 2 methods; every "
                + "measured run starts with the JIT's queue empty too. After every warm-up slice the harness reads the "
                + "service's logging backlog and request count, as it does around each measured run, so that those "
                + "requests' first answers do not make the JIT recompile the request path inside a measured run. "
                + "**Closed loop**: wrk, 2 threads, "
                + "200 connections, each sending its next request when the last is answered (the Tomcat experiment); "
                + "its latencies are not corrected for coordinated omission. Every run starts with the variant's "
                + "queues empty. **Requests/s** (in the tables, charts and targets) counts only what the service answered "
                + "and also logged within the run: an asynchronous queue can accept lines faster than they are written, "
                + "and one as large as Async Loggers' default (262,144 events) holds seconds of them, so the requests "
                + "whose lines were still queued at the run's end (queued events ÷ " + LINES_PER_REQUEST + " per "
                + "request) are taken off. The last two columns show that backlog and the requests/s wrk counted. "
                + "**Open loop**: Gatling sends requests at a "
                + "fixed rate whatever the service does (after 5 s of unrecorded requests that warm Gatling's own JVM; a "
                + "rate written `30%` is 30 % of that variant's own closed-loop requests/s), and times each from its "
                + "scheduled start: its latencies include every wait the service caused. "
                + (setup.pinned() ? "" : "Gatling needs several times wrk's CPU per request, so the service saturates "
                        + "under it near 35–40 % of its wrk rate. ")
                + "CPU is the service process's user + system time during the measured run; CPU ms / request divides it "
                + "by the `/work` requests the server counted in that window (for the open loop, Gatling's unrecorded "
                + "warm-up requests included). "
                + "Lines/s and MB/s: the request lines written per second (" + LINES_PER_REQUEST + " per answered "
                + "request). Delivery: request lines in the files, rolled .gz files included, against "
                + LINES_PER_REQUEST + " × the server's own count of `/work` requests, per JVM (warm-up included); "
                + "for Spring Boot's default logging, which writes each line to the console too, the console's as well.";
    }

    private static void closedTable(StringBuilder md, ServiceResults results, String flavour, String workload,
            List<String> variants) {
        double reference = median(results.closed(flavour, REFERENCE, workload), Run::sustainedRequestsPerSecond);
        md.append("Closed loop (wrk, 200 connections):\n\n");
        md.append("| variant | requests/s | range | vs ").append(REFERENCE).append(" | p50 | p99 | p99.9 | max | errors "
                + "| CPU ms / request | CPU cores | lines/s | MB/s | queued at the end | requests/s answered |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String variant : variants) {
            List<Run> runs = results.closed(flavour, variant, workload);
            if (runs.isEmpty()) {
                continue;
            }
            double rps = median(runs, Run::sustainedRequestsPerSecond);
            double[] span = range(runs, Run::sustainedRequestsPerSecond);
            boolean queueRecorded = runs.stream().allMatch(r -> r.queuedAfter() >= 0);
            long errors = runs.stream().mapToLong(r -> r.wrk().non2xx() + r.wrk().socketErrors()).sum();
            double linesPerSecond = variant.equals(OFF) ? 0 : LINES_PER_REQUEST * rps;
            double bytesPerLine = median(results.deliveries(flavour, variant), Delivery::bytesPerLine);
            md.append(String.format(Locale.ROOT, "| %s | %,.0f | %s | %s | %s | %s | %s | %s | %d | %.3f | %.2f | %,.0f | %.2f | %s | %,.0f |%n",
                    variant.equals(REFERENCE) ? "**" + REFERENCE + "**" : variant, rps,
                    runs.size() == 1 ? "" : String.format(Locale.ROOT, "%,.0f–%,.0f", span[0], span[1]),
                    Double.isNaN(reference) ? "" : String.format(Locale.ROOT, "×%.2f", rps / reference),
                    millis(median(runs, r -> r.wrk().p50()) / 1e3), millis(median(runs, r -> r.wrk().p99()) / 1e3),
                    millis(median(runs, r -> r.wrk().p999()) / 1e3), millis(range(runs, r -> r.wrk().max())[1] / 1e3),
                    errors, median(runs, Run::cpuMillisPerRequest), median(runs, r -> r.cpuSeconds() / r.seconds()),
                    linesPerSecond, linesPerSecond * bytesPerLine / 1e6,
                    queueRecorded ? String.format(Locale.ROOT, "%,.0f", median(runs, r -> (double) r.deferredLines())) : "",
                    median(runs, r -> r.wrk().requestsPerSecond())));
        }
        md.append('\n');
    }

    /**
     * Where the closed loop's CPU went and how often threads slept, per request, by role ({@link ThreadUse}); nothing
     * if no run of the workload recorded its threads.
     */
    private static void threadsTable(StringBuilder md, ServiceResults results, String flavour, String workload,
            List<String> variants) {
        if (variants.stream().flatMap(v -> results.closed(flavour, v, workload).stream()).noneMatch(r -> r.threads().recorded())) {
            return;
        }
        md.append("Where the closed loop's CPU went, and how often threads slept (a voluntary context switch: the thread "
                + "blocked and had to be woken) or were preempted, per request, from `/proc` (medians over runs; "
                + "Tomcat's threads are the request threads, its poller and acceptor, and with virtual request threads "
                + "the carriers that run them; the hand-off thread is the "
                + "asynchronous variant's consumer). Sleeps are counts, the same on a fast host as on a slow one: each costs "
                + "a wake-up, which some hosts make expensive.\n\n");
        md.append("| variant | CPU µs: Tomcat | hand-off | other logging | JVM and rest | all | sleeps: Tomcat | hand-off "
                + "| all | preemptions |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String variant : variants) {
            List<Run> runs = results.closed(flavour, variant, workload).stream().filter(r -> r.threads().recorded())
                    .collect(Collectors.toList());
            if (runs.isEmpty()) {
                continue;
            }
            md.append("| ").append(variant.equals(REFERENCE) ? "**" + REFERENCE + "**" : variant);
            for (ThreadUse.Role role : ThreadUse.Role.values()) {
                md.append(" | ").append(String.format(Locale.ROOT, "%.1f",
                        median(runs, r -> r.perRequest(1e6 * r.threads().of(role).cpuSeconds()))));
            }
            md.append(String.format(Locale.ROOT, " | %.1f | %.2f | %.2f | %.2f | %.2f |%n",
                    median(runs, r -> r.perRequest(1e6 * r.threads().all().cpuSeconds())),
                    median(runs, r -> r.perRequest(r.threads().of(ThreadUse.Role.TOMCAT).sleeps())),
                    median(runs, r -> r.perRequest(r.threads().of(ThreadUse.Role.HAND_OFF).sleeps())),
                    median(runs, r -> r.perRequest(r.threads().all().sleeps())),
                    median(runs, r -> r.perRequest(r.threads().all().preemptions()))));
        }
        md.append('\n');
    }

    private static void openTable(StringBuilder md, ServiceResults results, String flavour, String workload, String spec,
            List<String> variants) {
        md.append("Open loop (Gatling) at ").append(spec(spec)).append(":\n\n");
        md.append("| variant | rate asked | p50 | p99 | p99.9 | max | failed | CPU ms / request |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String variant : variants) {
            List<Run> runs = results.open(flavour, variant, workload, spec);
            if (runs.isEmpty()) {
                continue;
            }
            md.append(String.format(Locale.ROOT, "| %s | %,.0f/s | %s | %s | %s | %s | %d | %.3f |%n",
                    variant.equals(REFERENCE) ? "**" + REFERENCE + "**" : variant, median(runs, Run::rate),
                    millis(median(runs, r -> r.gatling().p50())), millis(median(runs, r -> r.gatling().p99())),
                    millis(median(runs, r -> r.gatling().p999())), millis(range(runs, r -> r.gatling().max())[1]),
                    runs.stream().mapToLong(r -> r.gatling().failed()).sum(), median(runs, Run::cpuMillisPerRequest)));
        }
        md.append('\n');
    }

    /** What each variant of the flavour runs, when the run had more than the hand-written ones. */
    private static void variantsTable(StringBuilder md, List<String> variants) {
        if (variants.stream().noneMatch(v -> ServiceVariants.isBootDefault(v) || ServiceVariants.isVirtual(v))) {
            return;
        }
        md.append("| variant | what it runs |\n|---|---|\n");
        variants.forEach(v -> md.append("| ").append(v).append(" | ").append(ServiceVariants.describe(v)).append(" |\n"));
        md.append("\nHand-written: the example's own configuration, a file appender (the service's lines go to the file "
                + "only). Spring Boot default logging: the same jar with `--logging.config=` (empty), so Boot applies its "
                + "defaults, console and file (`logging.file.name`), each request line written to both; "
                + "`ringlog-spring-boot-starter` puts Ringlog in front of them unless `ringlog.enabled=false`. Structured: "
                + "`logging.structured.format.console` and `.file` set, one JSON object per line.\n\n");
    }

    /**
     * Per workload and form of Spring Boot's default logging whose starter-on and starter-off variants both ran: the
     * figures the starter is judged by (requests/s against the starter off and logging off, against the hand-written
     * Ringlog setup, p99 against the starter off, and delivery).
     */
    private static void starterTable(StringBuilder md, ServiceResults results, String flavour, List<String> variants) {
        List<String> forms = ServiceVariants.starterForms(variants);
        if (forms.isEmpty()) {
            return;
        }
        md.append("### Spring Boot's default logging with the starter\n\n");
        md.append("Closed loop, medians. The way from synchronous to off: (starter on − starter off) ÷ (logging off − "
                + "starter off), where starter off is the same Boot logging with `ringlog.enabled=false` (its appenders on "
                + "the request threads) and logging off is the `").append(OFF).append("` variant. Against hand-written "
                + "Ringlog: the starter's requests/s ÷ the `").append(ServiceTargets.RINGLOG).append("` variant's, which "
                + "writes each line once, to the file, where Boot's default writes it to the console too.\n\n");
        md.append("| workload | Boot logging | requests/s: starter on | starter off | logging off | way from sync to off "
                + "| vs hand-written Ringlog | p99: starter on | starter off | on ÷ off | every line delivered |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (String workload : ServiceResults.WORKLOADS) {
            for (String form : forms) {
                List<Run> on = results.closed(flavour, form, workload);
                List<Run> off = results.closed(flavour, ServiceVariants.synchronousOf(form), workload);
                if (on.isEmpty() || off.isEmpty()) {
                    continue;
                }
                double rps = median(on, Run::sustainedRequestsPerSecond);
                double sync = median(off, Run::sustainedRequestsPerSecond);
                double limit = median(results.closed(flavour, OFF, workload), Run::sustainedRequestsPerSecond);
                double ringlog = median(results.closed(flavour, ServiceTargets.RINGLOG, workload), Run::sustainedRequestsPerSecond);
                double p99 = median(on, r -> r.wrk().p99()) / 1e3;
                double syncP99 = median(off, r -> r.wrk().p99()) / 1e3;
                String way = Double.isNaN(limit) ? "" : limit <= sync
                        ? String.format(Locale.ROOT, "no span (off %,.0f ≤ sync)", limit)
                        : String.format(Locale.ROOT, "%d %%", Math.round(100 * (rps - sync) / (limit - sync)));
                md.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %,.0f | %s | %s | %s | %s | %s | ×%.2f | %s |%n",
                        WORKLOAD_NAMES.getOrDefault(workload, workload), ServiceVariants.describe(form), rps, sync,
                        Double.isNaN(limit) ? "" : String.format(Locale.ROOT, "%,.0f", limit), way,
                        Double.isNaN(ringlog) ? "" : String.format(Locale.ROOT, "×%.2f", rps / ringlog),
                        millis(p99), millis(syncP99), p99 / syncP99, delivered(results.deliveries(flavour, form))));
            }
        }
        md.append('\n');
    }

    /** Per variant that also ran with virtual request threads: both, side by side, and whether the virtual one lost lines. */
    private static void virtualThreadsTable(StringBuilder md, ServiceResults results, String flavour, List<String> variants) {
        List<String> pairs = variants.stream().filter(ServiceVariants::isVirtual)
                .filter(v -> variants.contains(ServiceVariants.platform(v))).collect(Collectors.toList());
        if (pairs.isEmpty()) {
            return;
        }
        md.append("### Virtual threads\n\n");
        md.append("The same variant with `spring.threads.virtual.enabled=true` (Tomcat's requests on virtual threads) "
                + "against platform threads, closed loop, medians. Request threads: what the thread answering the "
                + "service's last request was.\n\n");
        md.append("| workload | variant | requests/s: platform | virtual | virtual ÷ platform | p99: platform | virtual "
                + "| request threads | every line delivered (virtual) |\n|---|---|---:|---:|---:|---:|---:|---|---|\n");
        for (String workload : ServiceResults.WORKLOADS) {
            for (String virtual : pairs) {
                String platform = ServiceVariants.platform(virtual);
                List<Run> v = results.closed(flavour, virtual, workload);
                List<Run> p = results.closed(flavour, platform, workload);
                if (v.isEmpty() || p.isEmpty()) {
                    continue;
                }
                double vRps = median(v, Run::sustainedRequestsPerSecond);
                double pRps = median(p, Run::sustainedRequestsPerSecond);
                List<Delivery> deliveries = results.deliveries(flavour, virtual);
                md.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %,.0f | ×%.2f | %s | %s | %s | %s |%n",
                        WORKLOAD_NAMES.getOrDefault(workload, workload), platform, pRps, vRps, vRps / pRps,
                        millis(median(p, r -> r.wrk().p99()) / 1e3), millis(median(v, r -> r.wrk().p99()) / 1e3),
                        deliveries.stream().map(Delivery::requestThread).distinct().collect(Collectors.joining(", ")),
                        delivered(deliveries)));
            }
        }
        md.append('\n');
    }

    /** ✓ if every JVM of the variant delivered every line (to the console too, where it is checked). */
    private static String delivered(List<Delivery> deliveries) {
        if (deliveries.isEmpty()) {
            return "not counted";
        }
        boolean console = deliveries.stream().allMatch(Delivery::consoleChecked);
        return deliveries.stream().noneMatch(Delivery::lost) ? "✓" + (console ? " file and console" : "")
                : "**✗ lost lines** (below)";
    }

    private static void deliveryTable(StringBuilder md, ServiceResults results, String flavour, List<String> variants) {
        md.append("### Delivery and warm-up\n\n| variant | repeat | warm-up | /work requests | request lines | check "
                + "| console request lines | request threads |\n")
                .append("|---|---:|---:|---:|---:|---|---:|---|\n");
        for (String variant : variants) {
            for (Delivery d : results.deliveries(flavour, variant)) {
                md.append(String.format(Locale.ROOT, "| %s | %d | %d s | %,d | %,d | %s | %s | %s |%n", variant, d.repeat(),
                        d.warmupSeconds(), d.workRequests(), d.lines(), check(d, d.lines()),
                        d.consoleLines() < 0 ? "" : d.consoleChecked() ? check(d, d.consoleLines())
                                : String.format(Locale.ROOT, "%,d", d.consoleLines()), d.requestThread()));
            }
        }
        md.append('\n');
    }

    /** The verdict on {@code lines}, the request lines of one destination (the files, or the console). */
    private static String check(Delivery d, long lines) {
        if (!d.lossless()) {
            return String.format(Locale.ROOT, "logging off (%,d lines)", lines);
        }
        long expected = d.expectedLines();
        if (lines == expected) {
            return String.format(Locale.ROOT, "✓ %,d = %d × %,d", lines, LINES_PER_REQUEST, d.workRequests());
        }
        if (lines < expected) {
            return String.format(Locale.ROOT, "**LOST %,d** of %,d", expected - lines, expected);
        }
        return String.format(Locale.ROOT, "%,d lines, %,d more than %d × %,d requests counted", lines,
                lines - expected, LINES_PER_REQUEST, d.workRequests());
    }

    private static void environment(StringBuilder md, Path dir, Properties environment, Setup setup) throws IOException {
        md.append("## Environment\n\n");
        environment.stringPropertyNames().stream().sorted().forEach(key ->
                md.append("- ").append(key).append(": ").append(environment.getProperty(key)).append('\n'));
        if (!setup.started().isEmpty()) {
            md.append("- run started: ").append(setup.started()).append('\n');
        }
        if (!setup.variantSet().isEmpty()) {
            md.append("- variants: the set `").append(setup.variantSet())
                    .append("` (`RINGLOG_SERVICE_SET`), unless the command names them (`RINGLOG_SERVICE_VARIANTS`)\n");
        }
        md.append("- service JVMs: `").append(setup.javaOptions()).append("`, ").append(setup.gc()).append(" collector, ")
                .append(setup.javaVersion().isEmpty() ? "" : "Java " + setup.javaVersion() + ", ")
                .append(setup.pinned() ? "CPU " + setup.serviceCpuset() + " (load generators: CPU " + setup.loadCpuset()
                        + ")" : "not pinned").append('\n');
        for (String file : List.of("wrk-version.txt", "gatling-version.txt")) {
            Path version = dir.resolve(file);
            if (Files.exists(version)) {
                md.append("- load generator: ").append(Files.readString(version, StandardCharsets.UTF_8).trim()).append('\n');
            }
        }
        Path versions = dir.resolve("service-versions.txt");
        if (Files.exists(versions)) {
            for (String line : Files.readAllLines(versions, StandardCharsets.UTF_8)) {
                md.append("- ").append(line.trim()).append(" (the versions above are the benchmark module's)\n");
            }
        }
        Path load = dir.resolve("loadavg.tsv");
        if (Files.exists(load)) {
            double[] loads = Files.readAllLines(load, StandardCharsets.UTF_8).stream().map(line -> line.split("\t"))
                    .filter(f -> f.length == 2).mapToDouble(f -> Double.parseDouble(f[1])).toArray();
            md.append(String.format(Locale.ROOT, "- load average (1 min) when each variant started: %.2f to %.2f "
                    + "(the previous variant's load and service leave up to about 3; much more means another job "
                    + "shared the machine)%n", Arrays.stream(loads).min().orElse(0), Arrays.stream(loads).max().orElse(0)));
        }
    }

    private static String title(String flavour) {
        return flavour.equals("logback") ? "Logback" : flavour.equals("log4j2") ? "Log4j2" : flavour;
    }

    private static String spec(String spec) {
        return spec.endsWith("%") ? spec + " of its closed-loop requests/s" : spec + " requests/s";
    }

    private static double round(double value) {
        return Double.isNaN(value) ? 0.0 : Math.round(value * 10) / 10.0;
    }

    private static String millis(double millis) {
        if (Double.isNaN(millis)) {
            return "";
        }
        return millis < 10 ? String.format(Locale.ROOT, "%.2f ms", millis) : String.format(Locale.ROOT, "%,.0f ms", millis);
    }
}
