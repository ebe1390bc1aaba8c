package io.ringlog.benchmarks.report;

import io.ringlog.benchmarks.log4j2.Log4j2Contender;
import io.ringlog.benchmarks.log4j2.Log4j2Cpu;
import io.ringlog.benchmarks.log4j2.Log4j2Latency;
import io.ringlog.benchmarks.log4j2.Log4j2Throughput;
import io.ringlog.benchmarks.logback.LogbackContender;
import io.ringlog.benchmarks.logback.LogbackCpu;
import io.ringlog.benchmarks.logback.LogbackLatency;
import io.ringlog.benchmarks.logback.LogbackThroughput;
import io.ringlog.benchmarks.support.Delivery;
import io.ringlog.benchmarks.support.SideResultsProfiler;
import io.ringlog.benchmarks.support.Sink;
import io.ringlog.benchmarks.support.ToolArguments;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The comparison in one command. Usage:
 * <pre>
 *   java -cp benchmarks/target/benchmarks.jar io.ringlog.benchmarks.report.Compare smoke|quick|full [--out DIR] [--command TEXT]
 *   ... Compare render DIR          (re-renders report.md and the charts from the JSON already in DIR)
 *   ... Compare quick --dry-run     (prints the stages, trial counts and the time estimate, runs nothing)
 * </pre>
 * The estimate is {@link Plan#estimatedMinutes()}: the trials on two cores, without the build and without the re-runs of
 * distrusted stages, which the console adds to the time left when it starts them.
 * Runs each stage (throughput per thread count, fixed-rate latency, CPU) through JMH's Runner, one forked JVM
 * per trial, writes the raw JSON into {@code benchmarks/results/<timestamp>/} and renders the report there.
 * The console gets one line per trial ({@link Progress}); what the trials print themselves goes to
 * {@code jmh-<stage>.log} beside the JSON ({@link TrialLog}). A throughput stage that {@link StageTrust} distrusts is
 * run once more at the end (quick and full), the first attempt kept as {@code untrusted-jmh-<stage>.json}.
 * Exits 2 when a trial failed for another reason than a peer's lost event, or one of Ringlog's contenders lost an
 * event, 1 on a usage error; a peer that lost events is a finding of the report, not a failure of the run.
 */
public final class Compare {

    private static final String RINGLOG_LOGBACK = "io.ringlog.logback.RingAsyncAppender";
    private static final String RINGLOG_LOG4J2 = "io.ringlog.log4j2.RingAsyncAppender";
    /**
     * Every trial's JVM options. {@code -XX:+AlwaysPreTouch} faults the whole heap in when the JVM starts, so that no
     * trial measures the kernel's first touch of its heap's pages: synchronous Log4j2 at 1 thread, which allocates
     * slowly on its only thread, spent 9 % of its CPU samples in page faults without it and measured 2.83 against
     * 3.74 M/s with it (docs/benchmarks/heap-pretouch.md).
     */
    private static final List<String> JVM_ARGS = List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-Djava.awt.headless=true");

    /** The usage lines, printed with any mistake in the arguments. */
    private static final String USAGE = "usage: Compare smoke|quick|full [--out DIR] [--command TEXT] [--dry-run]\n"
            + "       Compare render DIR";

    private final Plan plan;
    private final Path out;
    private final TrialLog trialLog;
    private final Progress progress;
    private final List<String> notes = new ArrayList<>();
    private int failedRuns;
    private boolean dryRun;

    private Compare(Plan plan, Path out) {
        this.plan = plan;
        this.out = out;
        this.trialLog = new TrialLog(out);
        this.progress = new Progress(System.out, trialLog);
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        ToolArguments arguments = new ToolArguments(USAGE, 1, 2);
        OptionSpec<String> outOption = arguments.options().accepts("out", "results directory (default: "
                + "benchmarks/results/<timestamp>)").withRequiredArg();
        OptionSpec<String> commandOption = arguments.options().accepts("command", "the command line the report names")
                .withRequiredArg();
        OptionSpec<Void> dryRunOption = arguments.options().accepts("dry-run", "list the stages and the time estimate, run nothing");
        OptionSet options = arguments.parse(args);
        List<String> plain = ToolArguments.plain(options);
        if (plain.get(0).equals("render")) {
            if (plain.size() < 2) {
                throw arguments.fail("render needs the results directory");
            }
            System.exit(Report.render(Path.of(plain.get(1))) ? 0 : 2);
        }
        if (plain.size() > 1) {
            throw arguments.fail("unexpected argument " + plain.get(1));
        }
        Plan plan;
        try {
            plan = Plan.named(plain.get(0));
        } catch (IllegalArgumentException e) {
            throw arguments.fail(e.getMessage());
        }
        boolean dryRun = options.has(dryRunOption);
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss"));
        Path out = Path.of(options.has(outOption) ? options.valueOf(outOption) : Path.of("benchmarks", "results", stamp).toString())
                .toAbsolutePath();
        if (!dryRun) {
            Files.createDirectories(out); // a dry run writes nothing, not even an empty results directory
        }
        String command = options.has(commandOption) ? options.valueOf(commandOption)
                : "java -cp benchmarks/target/benchmarks.jar " + Compare.class.getName() + " " + String.join(" ", args);

        Compare compare = new Compare(plan, out);
        if (dryRun) {
            compare.dryRun = true;
            compare.run(command);
            System.exit(0);
        }
        compare.run(command);
        boolean clean = Report.render(out) && compare.failedRuns == 0;
        System.out.println();
        System.out.println("Results: " + out);
        System.out.println("Report:  " + out.resolve("report.md"));
        System.exit(clean ? 0 : 2);
    }

    private void run(String command) throws IOException {
        List<String> logback = contenders(LogbackContender.values(), plan.logbackContenders(), RINGLOG_LOGBACK, "Logback");
        List<String> log4j2 = contenders(Log4j2Contender.values(), plan.log4j2Contenders(), RINGLOG_LOG4J2, "Log4j2");
        if (!dryRun) {
            writeRunProperties(command, logback, log4j2);
        }

        List<Stage> stages = new ArrayList<>();
        for (Map.Entry<Integer, List<Sink>> entry : new TreeMap<>(plan.sinksByThreads()).entrySet()) {
            int threads = entry.getKey();
            List<String> sinks = names(entry.getValue());
            stages.add(throughput(new StageTrust.Stage("logback", threads), LogbackThroughput.class, logback, sinks));
            stages.add(throughput(new StageTrust.Stage("log4j2", threads), Log4j2Throughput.class, log4j2, sinks));
        }
        stages.add(latency("logback", LogbackLatency.class, logback));
        stages.add(latency("log4j2", Log4j2Latency.class, log4j2));
        stages.add(cpu("logback", LogbackCpu.class, logback));
        stages.add(cpu("log4j2", Log4j2Cpu.class, log4j2));

        int trials = stages.stream().mapToInt(Stage::trials).sum();
        double estimate = stages.stream().mapToDouble(Stage::estimatedSeconds).sum();
        System.out.printf("Ringlog benchmarks, %s mode: %d trials in %d stages, about %d min on 2 cores%s; results in %s%n",
                plan.name(), trials, stages.size(), Math.round(estimate / 60), plan.rerunsUntrusted()
                        ? String.format(", plus up to %d min for each stage the checks distrust and run again", plan.rerunMinutes())
                        : "", out);
        if (dryRun) {
            stages.forEach(stage -> System.out.printf("  %-70s %3d trials, ~%.0f s%n", stage.title(), stage.trials(), stage.estimatedSeconds()));
            return;
        }
        System.out.printf(Locale.ROOT, "Each trial's own output (status lines, warnings; its first %,d lines) goes to jmh-<stage>.log there.%n",
                TrialLog.KEPT_TRIAL_LINES);
        progress.plan(trials, estimate);
        for (Stage stage : stages) {
            progress.stage(stage.title(), stage.trials(), stage.estimatedSeconds());
            runStage(stage);
        }
        if (plan.rerunsUntrusted()) {
            rerunUntrusted(stages);
        }
        trialLog.close();
        failedRuns += progress.failures();
        if (progress.peerLosses() > 0) {
            System.out.println("Finding: " + progress.peerLosses() + " trial(s) of another library lost events it promises to"
                    + " keep; the report's Verdict names them. Ringlog's own verdict is at its top.");
        }
        if (!notes.isEmpty()) {
            Files.write(out.resolve("notes.txt"), notes, StandardCharsets.UTF_8);
        }
    }

    /** Runs one stage with the trials' own output going to its log file, not the console. */
    private void runStage(Stage stage) throws IOException {
        trialLog.open("jmh-" + stage.file() + ".log");
        PrintStream console = System.out;
        PrintStream consoleErr = System.err;
        System.setOut(trialLog.stream());
        System.setErr(trialLog.stream());
        try {
            new Runner(stage.options().build(), progress).run();
        } catch (RunnerException e) {
            failedRuns++;
            console.println("!! stage " + stage.title() + " failed: " + e.getMessage());
        } finally {
            System.setOut(console);
            System.setErr(consoleErr);
        }
    }

    /**
     * Runs each throughput stage that {@link StageTrust} distrusts once more, after all the others, so that a slow
     * spell of the machine has likely passed; the first attempt's JSON is kept aside, out of the report.
     */
    private void rerunUntrusted(List<Stage> stages) throws IOException {
        List<StageTrust.Finding> findings = StageTrust.check(Results.read(out), Runtime.getRuntime().availableProcessors());
        for (StageTrust.Finding finding : findings) {
            for (Stage stage : stages) {
                if (stage.file().equals(finding.stage().file())) {
                    String json = "jmh-" + stage.file() + ".json";
                    Files.move(out.resolve(json), out.resolve("untrusted-" + json), StandardCopyOption.REPLACE_EXISTING);
                    String note = "Re-ran " + stage.title() + " once, because " + String.join("; ", finding.reasons())
                            + ". The first attempt is kept in untrusted-" + json + ".";
                    notes.add(note);
                    progress.rerun(stage.title() + " (" + String.join("; ", finding.reasons()) + ")", stage.trials(),
                            stage.estimatedSeconds());
                    runStage(stage);
                }
            }
        }
    }

    private Stage throughput(StageTrust.Stage key, Class<?> benchmark, List<String> contenders, List<String> sinks) {
        int threads = key.threads();
        ChainedOptionsBuilder options = base(benchmark, "log", key.file())
                .threads(threads)
                .warmupIterations(plan.warmupIterations())
                .warmupTime(TimeValue.seconds(plan.warmupSeconds()))
                .measurementIterations(plan.iterations())
                .measurementTime(TimeValue.seconds(plan.iterationSeconds()))
                .addProfiler(GCProfiler.class)
                .param("contender", contenders.toArray(String[]::new))
                .param("sink", sinks.toArray(String[]::new));
        int trials = plan.throughputTrials(contenders.size(), threads);
        double seconds = plan.throughputSeconds(trials);
        return new Stage(key.file(), key.framework() + " throughput, " + threads + (threads == 1 ? " thread" : " threads")
                + ", sinks " + sinks, options, trials, seconds);
    }

    private Stage latency(String framework, Class<?> benchmark, List<String> contenders) {
        List<String> rates = plan.latencyRates().stream().map(String::valueOf).collect(Collectors.toList());
        List<String> sinks = names(plan.latencySinks());
        String file = "latency-" + framework;
        // A full collection before each run (JMH's -gc true): what a contender allocated once, at its start (a
        // pre-allocated ring, a queue, the JVM's own start-up objects), is then in the old generation, as in a
        // long-running application, instead of copied by each young collection of a JVM that lives a few seconds.
        // Without it, G1's first young pauses on a 2-vCPU host took 7.8 and 15.7 ms with Ringlog's ring still young,
        // 2.3 ms once it was not (docs/benchmarks/caller-far-tail-2026-11-30.md).
        ChainedOptionsBuilder options = base(benchmark, "fixedRate", file)
                .shouldDoGC(true)
                .threads(1)
                .warmupIterations(1)
                .measurementIterations(plan.latencyIterations())
                .param("contender", contenders.toArray(String[]::new))
                .param("sink", sinks.toArray(String[]::new))
                .param("rate", rates.toArray(String[]::new))
                .param("durationMillis", String.valueOf(plan.latencyMillis()));
        int trials = plan.latencyTrials(contenders.size());
        double seconds = plan.latencySeconds(trials);
        return new Stage(file, framework + " latency at fixed rates " + rates + "/s", options, trials, seconds);
    }

    private Stage cpu(String framework, Class<?> benchmark, List<String> contenders) {
        String window = String.valueOf(plan.cpuMillis());
        String file = "cpu-" + framework;
        ChainedOptionsBuilder options = base(benchmark, "idleThenBlocked", file)
                .threads(1)
                .warmupIterations(0)
                .measurementIterations(1)
                .param("contender", contenders.toArray(String[]::new))
                .param("idleMillis", window)
                .param("blockedMillis", window);
        int trials = contenders.size();
        double seconds = plan.cpuSeconds(trials);
        return new Stage(file, framework + " CPU idle and blocked", options, trials, seconds);
    }

    private ChainedOptionsBuilder base(Class<?> benchmark, String method, String file) {
        List<String> jvmArgs = new ArrayList<>(JVM_ARGS);
        jvmArgs.add("-D" + Delivery.OUT_DIR_PROPERTY + "=" + out);
        return new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark.getName() + "." + method) + "$")
                .forks(plan.forks())
                .jvmArgsAppend(jvmArgs.toArray(String[]::new))
                .addProfiler(SideResultsProfiler.class)
                .shouldFailOnError(false)
                .resultFormat(ResultFormatType.JSON)
                .result(out.resolve("jmh-" + file + ".json").toString());
    }

    private <E extends Enum<E>> List<String> contenders(E[] all, List<String> wanted, String ringlogClass, String framework) {
        boolean ringlog = available(ringlogClass);
        if (!ringlog) {
            String note = "Ringlog's " + framework + " adapter (" + ringlogClass + ") is not on the class path: its contenders were skipped.";
            notes.add(note);
            System.out.println("!! " + note);
        }
        List<String> names = new ArrayList<>();
        for (E contender : all) {
            if ((wanted.isEmpty() || wanted.contains(contender.name())) && (ringlog || !contender.name().startsWith("RING_"))) {
                names.add(contender.name());
            }
        }
        return names;
    }

    private static boolean available(String className) {
        try {
            Class.forName(className, false, Compare.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private void writeRunProperties(String command, List<String> logback, List<String> log4j2) throws IOException {
        Properties run = Environment.capture();
        run.setProperty("mode", plan.name());
        run.setProperty("command", command);
        run.setProperty("plan", plan.toString());
        run.setProperty("contenders.logback", String.join(",", logback));
        run.setProperty("contenders.log4j2", String.join(",", log4j2));
        run.setProperty("jvmArgs", String.join(" ", JVM_ARGS));
        run.setProperty("forks", String.valueOf(plan.forks()));
        run.setProperty("throughput.iterations", plan.warmupIterations() + " x " + plan.warmupSeconds() + " s warm-up, "
                + plan.iterations() + " x " + plan.iterationSeconds() + " s measured, per fork");
        run.setProperty("latency.iterations", "1 warm-up run, " + plan.latencyIterations() + " measured run(s) of "
                + plan.latencyMillis() + " ms, per fork, each after a full collection (JMH's -gc true)");
        run.setProperty("cpu.windows", plan.cpuMillis() + " ms idle, " + plan.cpuMillis() + " ms blocked");
        try (Writer writer = Files.newBufferedWriter(out.resolve("run.properties"), StandardCharsets.UTF_8)) {
            run.store(writer, "Ringlog benchmark run");
        }
    }

    private static List<String> names(List<Sink> sinks) {
        return sinks.stream().map(Sink::name).collect(Collectors.toList());
    }

    /** One Runner invocation; {@code file} names its {@code jmh-<file>.json} and {@code .log}. */
    private record Stage(String file, String title, ChainedOptionsBuilder options, int trials, double estimatedSeconds) {
    }
}
