package io.ringlog.benchmarks.report;

import io.ringlog.benchmarks.log4j2.Log4j2Contender;
import io.ringlog.benchmarks.logback.LogbackContender;
import io.ringlog.benchmarks.support.Delivery;
import io.ringlog.benchmarks.support.SideResultsProfiler;
import io.ringlog.benchmarks.support.Sink;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Renders {@code report.md} and its PNG charts from a results directory: medians of every trial, each beside
 * its ratio to the stock appender of the same framework from the same run, the delivery verdicts, the
 * environment and the exact command. The machine (CPU model and cores) stands at the top and under each section's
 * heading, since a ranking holds for the host that measured it. Re-runnable: {@code Compare render DIR}.
 */
final class Report {

    private static final List<String> FRAMEWORKS = List.of("logback", "log4j2");
    private static final String[] PERCENTILES = {"p50", "p90", "p99", "p99.9", "p99.99", "max"};
    /** Marks the figures of a stage the checks distrust. */
    private static final String UNTRUSTED = "⚠";

    private final Path dir;
    private final Properties run;
    private final List<Results.Trial> trials;
    private final Map<StageTrust.Stage, StageTrust.Finding> untrusted = new LinkedHashMap<>();
    private final StringBuilder md = new StringBuilder();

    private Report(Path dir, Properties run, List<Results.Trial> trials) {
        this.dir = dir;
        this.run = run;
        this.trials = trials;
        StageTrust.check(trials, cpus(run)).forEach(finding -> untrusted.put(finding.stage(), finding));
    }

    /** The processors of the run, from {@code run.properties}; {@link Integer#MAX_VALUE} if it does not say. */
    private static int cpus(Properties run) {
        try {
            return Integer.parseInt(run.getProperty("env.cpus", ""));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    /**
     * Writes report.md and the charts into {@code dir}.
     *
     * @return false if one of Ringlog's contenders lost an event, a delivery check failed in any other way than a peer
     *         losing events (a finding, reported in the Verdict), or no trial produced a result
     */
    static boolean render(Path dir) throws IOException {
        Properties run = new Properties();
        Path props = dir.resolve("run.properties");
        if (Files.exists(props)) {
            try (Reader reader = Files.newBufferedReader(props, StandardCharsets.UTF_8)) {
                run.load(reader);
            }
        }
        List<Results.Trial> trials = Results.read(dir);
        Report report = new Report(dir, run, trials);
        boolean clean = report.write();
        Files.writeString(dir.resolve("report.md"), report.md, StandardCharsets.UTF_8);
        return clean;
    }

    private boolean write() throws IOException {
        Path failuresFile = dir.resolve(Delivery.FAILURES_FILE);
        List<String> failures = Files.exists(failuresFile) ? Files.readAllLines(failuresFile, StandardCharsets.UTF_8) : List.of();
        Path notesFile = dir.resolve("notes.txt");
        List<String> notes = Files.exists(notesFile) ? Files.readAllLines(notesFile, StandardCharsets.UTF_8) : List.of();

        line("# Ringlog benchmarks: " + run.getProperty("mode", "?") + " run of " + run.getProperty("env.started", "?"));
        line();
        line("Command: `" + run.getProperty("command", "?") + "`");
        line();
        line("Machine: " + Environment.machine(run) + ".");
        line();
        if ("smoke".equals(run.getProperty("mode"))) {
            line("> **Smoke run**: one fork, one short iteration per trial, a subset of contenders. It proves that the");
            line("> pipeline works end to end; its numbers are not fit for comparison.");
            line();
        }
        List<DeliveryFailure> parsed = failures.stream().filter(f -> !f.isBlank()).map(DeliveryFailure::parse)
                .collect(Collectors.toList());
        List<DeliveryFailure> broken = parsed.stream().filter(f -> !f.peerLoss()).collect(Collectors.toList());
        List<DeliveryFailure> peers = parsed.stream().filter(DeliveryFailure::peerLoss).collect(Collectors.toList());
        line("## Verdict");
        line();
        long ringlogChecked = trials.stream().filter(t -> t.contender().startsWith("RING_") && isLossless(t.framework(), t.contender())
                && !Double.isNaN(t.secondary("delivery.logged"))).count();
        if (broken.isEmpty()) {
            line("- **Ringlog delivered every event**: each trial of its lossless contenders delivered exactly what it logged ("
                    + ringlogChecked + " trials checked; "
                    + trials.stream().filter(t -> !Double.isNaN(t.secondary("delivery.logged"))).count()
                    + " trials of all contenders).");
        } else {
            line("- **DELIVERY CHECK FAILED**" + (broken.stream().anyMatch(DeliveryFailure::ringlog) ? " for Ringlog" : "")
                    + " (those trials have no result below; the run exits non-zero):");
            broken.forEach(f -> line("  - `" + f.line() + "`"));
        }
        if (!peers.isEmpty()) {
            line("- Findings about other libraries (their lossless promise broken; not a failure of this run):");
            peers.forEach(f -> line("  - " + f.finding()));
        }
        line("- Trials with a result: " + trials.size() + ".");
        trustVerdict();
        notes.forEach(n -> line("- Note: " + n));
        line();
        line("Ratios (`×`) divide by the stock appender of the same framework in the same run: Logback "
                + LogbackContender.REFERENCE + ", Log4j2 " + Log4j2Contender.REFERENCE + ". Every number is the median of the "
                + "measured iterations of all forks. Noise: on a shared machine a stage can fall into a slower regime as a"
                + String.format(Locale.ROOT, " whole; read a ratio within ±%.0f%% as unproven. A trial whose forks (with one fork,", 100 * StageTrust.NOISE)
                + " iterations) disagree by more than that is marked `±N%` with their spread; a stage the checks distrust is"
                + " marked " + UNTRUSTED + ".");
        line();

        headlineSection();
        throughputSection();
        allocationSection();
        cpuPerEventSection();
        latencySection();
        cpuSection();
        environmentSection();
        methodSection();
        return broken.isEmpty() && !trials.isEmpty();
    }

    /** The stages the checks distrust (see {@link StageTrust}), or that they passed, and the noisy trials. */
    private void trustVerdict() {
        List<Results.Trial> throughput = select(t -> t.kind().equals("throughput"));
        if (throughput.isEmpty()) {
            return;
        }
        if (untrusted.isEmpty()) {
            line("- Trust: every throughput stage passed the checks (the synchronous appender's rate agrees with itself"
                    + " across thread counts and sinks; every reference and synchronous trial stayed within the"
                    + String.format(Locale.ROOT, " %.0f%% noise).", 100 * StageTrust.NOISE));
        }
        for (StageTrust.Finding finding : untrusted.values()) {
            line("- **UNTRUSTED STAGE: " + finding.stage().title() + "** " + UNTRUSTED + ": " + String.join("; ", finding.reasons())
                    + ". Its figures and ratios are marked " + UNTRUSTED + " below: do not quote them; run the stage again.");
        }
        long noisy = throughput.stream().filter(StageTrust::isNoisy).count();
        if (noisy > 0) {
            line(String.format(Locale.ROOT, "- Noise: %d of %d throughput trials varied by more than %.0f%% across their"
                    + " forks or iterations (marked `±N%%` below).", noisy, throughput.size(), 100 * StageTrust.NOISE));
        }
    }

    /**
     * One chart per framework for a reader deciding in a minute ({@link Headline}): the lossless contenders into every
     * sink, at the fewest caller threads that were measured into the most sinks.
     */
    private void headlineSection() throws IOException {
        List<Results.Trial> throughput = select(t -> t.kind().equals("throughput"));
        if (throughput.isEmpty()) {
            return;
        }
        line("## Headline (lossless contenders only)");
        line();
        measuredOn();
        for (String framework : FRAMEWORKS) {
            List<Results.Trial> subset = throughput.stream().filter(t -> t.framework().equals(framework)).collect(Collectors.toList());
            Map<Integer, Long> sinksByThreads = subset.stream().collect(Collectors.groupingBy(Results.Trial::threads,
                    java.util.TreeMap::new, Collectors.mapping(Results.Trial::sink, Collectors.counting())));
            if (sinksByThreads.isEmpty()) {
                continue;
            }
            long most = sinksByThreads.values().stream().mapToLong(Long::longValue).max().orElse(0);
            int threads = sinksByThreads.entrySet().stream().filter(e -> e.getValue() == most).findFirst().orElseThrow().getKey();
            List<HeadlineChart.Group> groups = new ArrayList<>();
            for (String sink : sinks(subset)) {
                Map<String, Double> medians = new LinkedHashMap<>();
                subset.stream().filter(t -> t.sink().equals(sink) && t.threads() == threads)
                        .forEach(t -> medians.put(t.contender(), t.median()));
                groups.add(Headline.jmhGroup("sink " + sink, framework, medians));
            }
            String png = "headline-" + framework + ".png";
            HeadlineChart.render(dir.resolve(png), title(framework) + ": events logged per second, " + threads
                    + (threads == 1 ? " caller thread" : " caller threads") + " (higher is better)", Environment.machine(run)
                    + "; " + run.getProperty("mode", "?") + " run of " + run.getProperty("env.started", "?").replaceAll("T.*", "")
                    + ", commit " + run.getProperty("env.git", "?") + "; medians", Headline.FOOTNOTE, groups);
            line("![" + title(framework) + " headline](" + png + ")");
            line();
        }
    }

    private void throughputSection() throws IOException {
        line("## Throughput (events logged per second by all callers; higher is better)");
        line();
        measuredOn();
        for (String framework : FRAMEWORKS) {
            List<Results.Trial> subset = select(t -> t.framework().equals(framework) && t.kind().equals("throughput"));
            if (subset.isEmpty()) {
                continue;
            }
            for (String sink : sinks(subset)) {
                List<Results.Trial> bySink = subset.stream().filter(t -> t.sink().equals(sink)).collect(Collectors.toList());
                TreeSet<Integer> threads = bySink.stream().map(Results.Trial::threads).collect(Collectors.toCollection(TreeSet::new));
                line("### " + title(framework) + ", sink " + sink);
                line();
                StringBuilder header = new StringBuilder("| contender |");
                StringBuilder rule = new StringBuilder("|---|");
                for (int t : threads) {
                    header.append(' ').append(t).append(t == 1 ? " thread" : " threads")
                            .append(untrusted.containsKey(new StageTrust.Stage(framework, t)) ? " " + UNTRUSTED : "").append(" |");
                    rule.append("---:|");
                }
                line(header.toString());
                line(rule.toString());
                Map<String, double[][]> series = new LinkedHashMap<>();
                boolean anyDropped = false;
                for (String contender : contenders(framework, bySink)) {
                    StringBuilder row = new StringBuilder("| " + label(framework, contender) + " |");
                    List<double[]> points = new ArrayList<>();
                    for (int t : threads) {
                        Optional<Results.Trial> trial = find(bySink, contender, t);
                        Optional<Results.Trial> reference = find(bySink, reference(framework), t);
                        if (trial.isEmpty()) {
                            row.append(" – |");
                            continue;
                        }
                        double score = trial.get().median();
                        points.add(new double[] {t, score / 1e6});
                        row.append(' ').append(rate(score)).append(ratio(score, reference.map(Results.Trial::median)));
                        if (untrusted.containsKey(new StageTrust.Stage(framework, t))) {
                            row.append(' ').append(UNTRUSTED);
                        }
                        if (StageTrust.isNoisy(trial.get())) {
                            row.append(String.format(Locale.ROOT, " `±%.0f%%`", 100 * trial.get().spread()));
                        }
                        double dropped = trial.get().secondary("delivery.dropped.share");
                        if (dropped > 0) {
                            row.append(String.format(Locale.ROOT, ", %.1f%% dropped", dropped * 100));
                            anyDropped = true;
                        }
                        row.append(" |");
                    }
                    line(row.toString());
                    if (!points.isEmpty()) {
                        series.put(contender, new double[][] {
                                points.stream().mapToDouble(p -> p[0]).toArray(), points.stream().mapToDouble(p -> p[1]).toArray()});
                    }
                }
                line();
                if (anyDropped) {
                    line("A lossy contender's throughput counts the calls that returned, dropped events included; the dropped"
                            + " share is taken over the whole trial (warm-up included), after the final drain.");
                    line();
                }
                if (threads.size() > 1) {
                    String png = "throughput-" + framework + "-" + sink + ".png";
                    Charts.throughput(dir.resolve(png), title(framework) + " throughput by caller threads, sink " + sink
                            + ", " + Environment.host(run), series);
                    line("![" + title(framework) + " throughput, sink " + sink + "](" + png + ")");
                    line();
                }
            }
        }
    }

    private void allocationSection() throws IOException {
        line("## Allocation per call (bytes per logged event, `gc.alloc.rate.norm`; lower is better)");
        line();
        measuredOn();
        line("JMH's GC profiler divides all the JVM's allocation (the consumer thread's included) by the events logged.");
        line();
        for (String framework : FRAMEWORKS) {
            List<Results.Trial> subset = select(t -> t.framework().equals(framework) && t.kind().equals("throughput")
                    && !Double.isNaN(t.secondary("gc.alloc.rate.norm")));
            if (subset.isEmpty()) {
                continue;
            }
            int threads = subset.stream().mapToInt(Results.Trial::threads).min().orElse(1);
            List<String> sinks = sinks(subset.stream().filter(t -> t.threads() == threads).collect(Collectors.toList()));
            line("### " + title(framework) + ", " + threads + (threads == 1 ? " thread" : " threads"));
            line();
            line("| contender | " + String.join(" | ", sinks) + " |");
            line("|---|" + "---:|".repeat(sinks.size()));
            Map<String, Double> bars = new LinkedHashMap<>();
            for (String contender : contenders(framework, subset)) {
                StringBuilder row = new StringBuilder("| " + label(framework, contender) + " |");
                for (String sink : sinks) {
                    Optional<Results.Trial> trial = subset.stream()
                            .filter(t -> t.threads() == threads && t.sink().equals(sink) && t.contender().equals(contender)).findFirst();
                    row.append(trial.map(t -> String.format(Locale.ROOT, " %.0f |", t.secondary("gc.alloc.rate.norm"))).orElse(" – |"));
                    if (sink.equals(Sink.COUNTING.name())) {
                        trial.ifPresent(t -> bars.put(contender, t.secondary("gc.alloc.rate.norm")));
                    }
                }
                line(row.toString());
            }
            line();
            if (!bars.isEmpty()) {
                String png = "allocation-" + framework + ".png";
                Charts.bars(dir.resolve(png), title(framework) + " allocation per call, sink COUNTING, " + threads
                        + (threads == 1 ? " thread" : " threads") + ", " + Environment.host(run), "bytes per event", bars);
                line("![" + title(framework) + " allocation](" + png + ")");
                line();
            }
        }
    }

    /**
     * The JVM's CPU per logged event and cores busy, from the throughput trials into the no-op sink: where every core is
     * busy, throughput is the cores divided by the CPU per event, so this shows which contenders do less work per event
     * and which leave cores idle.
     */
    private void cpuPerEventSection() {
        String counting = Sink.COUNTING.name();
        List<Results.Trial> all = select(t -> t.kind().equals("throughput") && t.sink().equals(counting)
                && !Double.isNaN(t.secondary(SideResultsProfiler.PROCESS_NANOS_PER_OP)));
        if (all.isEmpty()) {
            return;
        }
        line("## CPU per event (ns of the JVM's CPU per logged event, and cores busy; sink " + counting + ")");
        line();
        measuredOn();
        line("All the JVM's threads (callers, consumer, collector, JIT) over each measured iteration. Where the machine's"
                + " cores are all busy, throughput is the cores divided by the CPU per event; a contender whose threads park"
                + " on a lock leaves cores idle instead.");
        line();
        for (String framework : FRAMEWORKS) {
            List<Results.Trial> subset = all.stream().filter(t -> t.framework().equals(framework)).collect(Collectors.toList());
            if (subset.isEmpty()) {
                continue;
            }
            List<Integer> threads = subset.stream().map(Results.Trial::threads).distinct().sorted().collect(Collectors.toList());
            line("### " + title(framework));
            line();
            line("| contender |" + threads.stream().map(t -> " " + t + (t == 1 ? " thread" : " threads") + " |").collect(Collectors.joining()));
            line("|---|" + "---:|".repeat(threads.size()));
            for (String contender : contenders(framework, subset)) {
                StringBuilder row = new StringBuilder("| " + label(framework, contender) + " |");
                for (int t : threads) {
                    row.append(find(subset, contender, t).map(trial -> String.format(Locale.ROOT, " %.0f ns, %.2f cores |",
                            trial.secondary(SideResultsProfiler.PROCESS_NANOS_PER_OP),
                            trial.secondary(SideResultsProfiler.PROCESS_CORES))).orElse(" – |"));
                }
                line(row.toString());
            }
            line();
        }
    }

    private void latencySection() throws IOException {
        line("## Caller latency at a fixed offered rate (microseconds; lower is better)");
        line();
        measuredOn();
        line("One caller thread schedules each call at its intended time and records `end - intended start` in an"
                + " HdrHistogram, so a stall is charged to every call it delays (coordinated omission accounted for).");
        line("`achieved` is the rate actually sustained; below the offered rate the caller fell behind schedule.");
        line();
        for (String framework : FRAMEWORKS) {
            List<Results.Trial> subset = select(t -> t.framework().equals(framework) && t.kind().equals("latency"));
            for (String sink : sinks(subset)) {
                TreeSet<Integer> rates = subset.stream().filter(t -> t.sink().equals(sink)).map(Results.Trial::rate)
                        .collect(Collectors.toCollection(TreeSet::new));
                for (int rate : rates) {
                    List<Results.Trial> group = subset.stream().filter(t -> t.sink().equals(sink) && t.rate() == rate)
                            .collect(Collectors.toList());
                    line("### " + title(framework) + ", " + rate(rate) + " offered, sink " + sink);
                    line();
                    line("| contender | p50 | p90 | p99 | p99.9 | p99.99 | max | p99 ×ref | achieved |");
                    line("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
                    Optional<Results.Trial> reference = group.stream().filter(t -> t.contender().equals(reference(framework))).findFirst();
                    Map<String, List<Double>> series = new LinkedHashMap<>();
                    for (String contender : contenders(framework, group)) {
                        Optional<Results.Trial> trial = group.stream().filter(t -> t.contender().equals(contender)).findFirst();
                        if (trial.isEmpty()) {
                            continue;
                        }
                        StringBuilder row = new StringBuilder("| " + label(framework, contender) + " |");
                        List<Double> values = new ArrayList<>();
                        for (String p : PERCENTILES) {
                            double v = trial.get().secondary("latency." + p);
                            values.add(v);
                            row.append(' ').append(micros(v)).append(" |");
                        }
                        double p99 = trial.get().secondary("latency.p99");
                        row.append(' ').append(reference.map(r -> times(p99 / r.secondary("latency.p99"))).orElse("–")).append(" |");
                        row.append(' ').append(rate(trial.get().secondary("latency.achieved.rate"))).append(" |");
                        line(row.toString());
                        series.put(contender, values);
                    }
                    line();
                    String png = "latency-" + framework + "-" + sink + "-" + rate + ".png";
                    Charts.latency(dir.resolve(png), title(framework) + " caller latency at " + rate(rate) + ", sink "
                            + sink + ", " + Environment.host(run),
                            List.of(PERCENTILES), series);
                    line("![" + title(framework) + " latency at " + rate(rate) + "](" + png + ")");
                    line();
                }
            }
        }
    }

    private void cpuSection() {
        List<Results.Trial> all = select(t -> t.kind().equals("cpu"));
        if (all.isEmpty()) {
            return;
        }
        line("## CPU (cores busy = CPU time / wall time; lower is better)");
        line();
        measuredOn();
        line("Idle: the context is up and nobody logs. Blocked: two callers log into a sink that sleeps "
                + Sink.STALLED_PARK_NANOS / 1000 + " µs per event, so the queue stays full; a caller that waits by parking"
                + " costs ~0, one that spins costs a core. Lossy contenders drop instead of waiting, so their callers run flat out.");
        line();
        for (String framework : FRAMEWORKS) {
            List<Results.Trial> subset = all.stream().filter(t -> t.framework().equals(framework)).collect(Collectors.toList());
            if (subset.isEmpty()) {
                continue;
            }
            line("### " + title(framework));
            line();
            line("| contender | idle, process | blocked, process | blocked, callers only | dropped while blocked |");
            line("|---|---:|---:|---:|---:|");
            for (String contender : contenders(framework, subset)) {
                subset.stream().filter(t -> t.contender().equals(contender)).findFirst().ifPresent(t -> line(String.format(Locale.ROOT,
                        "| %s | %.3f | %.3f | %.3f | %.1f%% |", label(framework, contender), t.secondary("cpu.idle"),
                        t.secondary("cpu.blocked.process"), t.secondary("cpu.blocked.callers"),
                        100 * t.secondary("delivery.dropped.share"))));
            }
            line();
        }
    }

    private void environmentSection() {
        line("## Environment");
        line();
        line("| | |");
        line("|---|---|");
        row("Mode", "mode");
        row("JVM", "env.java");
        row("OS", "env.os");
        row("CPU", "env.cpu");
        row("CPU topology", "env.cpu.topology");
        row("Available processors", "env.cpus");
        row("Memory", "env.memory");
        row("Git revision", "env.git");
        row("Forked JVM options", "jvmArgs");
        row("Forks per trial", "forks");
        row("Throughput iterations", "throughput.iterations");
        row("Latency runs", "latency.iterations");
        row("CPU windows", "cpu.windows");
        row("Logback contenders", "contenders.logback");
        row("Log4j2 contenders", "contenders.log4j2");
        for (String key : new TreeSet<>(run.stringPropertyNames())) {
            if (key.startsWith("version.")) {
                line("| " + key.substring("version.".length()) + " | " + run.getProperty(key) + " |");
            }
        }
        row("Started", "env.started");
        row("Command", "command");
        line();
    }

    private void methodSection() {
        line("## Method");
        line();
        line("- Each trial runs in its own forked JVM; each contender is loaded from its real `logback.xml` / `log4j2.xml`"
                + " (`benchmarks/src/main/resources/io/ringlog/benchmarks/`) into a private logging context, both frameworks"
                + " through their native APIs.");
        line("- Every call logs `" + io.ringlog.benchmarks.support.Messages.TEMPLATE + "` at INFO with two parameters that"
                + " allocate nothing; the sinks format the message. COUNTING is a no-op that counts; FILE uses"
                + " `%d{ISO8601} %-5level [%thread] %logger{36} - %msg%n` with immediateFlush (the default), FILE_BUFFERED"
                + " without; SLOW spends " + Sink.SLOW_SPIN_NANOS + " ns of CPU per event, serialised (the saturated regime).");
        line("- At the end of every trial the context is stopped (which drains the queue) and the events the sink received are"
                + " compared with the events logged: a lossless contender that delivered fewer fails the trial and the run.");
        line("- Log4j2 Async Loggers run on Disruptor " + run.getProperty("version.disruptor.log4j2", "3.4.x")
                + " (they lose events under contention with 4.0.0); Ringlog's own Disruptor is relocated inside ringlog-core;"
                + " logstash-logback-encoder embeds its own relocated copy.");
        line("- Raw data: the `jmh-*.json` files beside this report.");
        line();
    }

    /** The machine under a section's heading: a table copied out of the report keeps its host. */
    private void measuredOn() {
        line("Measured on " + Environment.machine(run) + ".");
        line();
    }

    private void row(String label, String key) {
        line("| " + label + " | " + run.getProperty(key, "?").replace("|", "\\|") + " |");
    }

    private List<Results.Trial> select(Predicate<Results.Trial> filter) {
        return trials.stream().filter(filter).collect(Collectors.toList());
    }

    private static Optional<Results.Trial> find(List<Results.Trial> trials, String contender, int threads) {
        return trials.stream().filter(t -> t.contender().equals(contender) && t.threads() == threads).findFirst();
    }

    private static List<String> sinks(List<Results.Trial> trials) {
        return trials.stream().map(Results.Trial::sink).distinct()
                .sorted(Comparator.comparingInt(s -> Sink.valueOf(s).ordinal())).collect(Collectors.toList());
    }

    /** The contenders present, in the order of their enum. */
    private static List<String> contenders(String framework, List<Results.Trial> trials) {
        List<String> order = new ArrayList<>();
        if (framework.equals("logback")) {
            for (LogbackContender c : LogbackContender.values()) {
                order.add(c.name());
            }
        } else {
            for (Log4j2Contender c : Log4j2Contender.values()) {
                order.add(c.name());
            }
        }
        TreeSet<String> present = trials.stream().map(Results.Trial::contender).collect(Collectors.toCollection(TreeSet::new));
        List<String> result = order.stream().filter(present::contains).collect(Collectors.toList());
        present.stream().filter(p -> !order.contains(p)).forEach(result::add);
        return result;
    }

    private static String reference(String framework) {
        return StageTrust.reference(framework);
    }

    private static String label(String framework, String contender) {
        boolean lossless = isLossless(framework, contender);
        String name = contender.equals(reference(framework)) ? "**" + contender + "** (reference)" : contender;
        return lossless ? name : name + " (lossy)";
    }

    /** Whether the contender promises to lose nothing; an unknown one (from an older run) is taken as lossless. */
    static boolean isLossless(String framework, String contender) {
        return framework.equals("logback")
                ? isLossless(() -> LogbackContender.valueOf(contender).lossless())
                : isLossless(() -> Log4j2Contender.valueOf(contender).lossless());
    }

    private static boolean isLossless(java.util.function.BooleanSupplier lookup) {
        try {
            return lookup.getAsBoolean();
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    static String title(String framework) {
        return framework.equals("logback") ? "Logback" : "Log4j2";
    }

    static String rate(double perSecond) {
        if (Double.isNaN(perSecond)) {
            return "–";
        }
        if (perSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.2f M/s", perSecond / 1e6);
        }
        if (perSecond >= 1e3) {
            return String.format(Locale.ROOT, "%.0f k/s", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f /s", perSecond);
    }

    private static String ratio(double score, Optional<Double> reference) {
        return reference.filter(Objects::nonNull).filter(r -> r > 0).map(r -> " " + times(score / r)).orElse("");
    }

    private static String times(double ratio) {
        if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
            return "–";
        }
        return String.format(Locale.ROOT, ratio >= 0.1 ? "×%.2f" : "×%.2g", ratio);
    }

    private static String micros(double value) {
        if (Double.isNaN(value)) {
            return "–";
        }
        return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.1f", value);
    }

    private void line(String text) {
        md.append(text).append('\n');
    }

    private void line() {
        md.append('\n');
    }
}
