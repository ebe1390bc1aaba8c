package io.ringlog.benchmarks.report;

import java.io.PrintStream;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's console output condensed to one line per trial with the overall progress and time left, the
 * trial's score when it ends, and everything that looks like a failure; everything JMH reports goes to the
 * stage's {@link TrialLog} as well, where the forks' own output lands. Used by one thread at a time.
 */
final class Progress implements OutputFormat {

    /** StatusLogger's console format: {@code <ISO instant> <thread> WARN <message>}. */
    private static final java.util.regex.Pattern LOG4J2_STATUS_CHATTER =
            java.util.regex.Pattern.compile("^\\d{4}-\\d\\d-\\d\\dT\\S+ .*? (WARN|INFO|DEBUG|TRACE) .*");

    private final PrintStream out;
    private final TrialLog log;
    private int planned;
    private double plannedSeconds;
    private int started;
    /** The estimated seconds of the trials started before the current one, and of each trial of the current stage. */
    private double startedSeconds;
    private double secondsPerTrial;
    private int failures;
    private int peerLosses;
    private long startNanos;
    private boolean trialFailed;
    /** Whether the current trial failed its delivery check, and whether it is one of Ringlog's. */
    private boolean trialLostEvents;
    private boolean trialIsRinglog;

    Progress(PrintStream out, TrialLog log) {
        this.out = out;
        this.log = log;
    }

    void plan(int trials, double seconds) {
        this.planned = trials;
        this.plannedSeconds = seconds;
        this.startNanos = System.nanoTime();
    }

    /** Announces a stage run once more, and adds its trials and time to the plan. */
    void rerun(String title, int trials, double seconds) {
        planned += trials;
        plannedSeconds += seconds;
        stage("re-run, untrusted: " + title, trials, seconds);
    }

    /** Announces a stage of {@code trials} trials estimated at {@code seconds} in all. */
    void stage(String title, int trials, double seconds) {
        secondsPerTrial = trials == 0 ? 0 : seconds / trials;
        out.println();
        out.println("== " + title);
    }

    /**
     * The time left: what the plan still holds, at the pace the run has kept so far (the estimates' seconds against the
     * clock's), so that a machine slower than the estimate's does not show "~00:00 left" for the last trials.
     */
    static double secondsLeft(double plannedSeconds, double startedSeconds, double elapsed) {
        double pace = startedSeconds > 0 && elapsed > 0 ? elapsed / startedSeconds : 1;
        return Math.max(0, plannedSeconds - startedSeconds) * pace;
    }

    /**
     * The trials that failed, but not those of a peer that lost events: that is a finding the report states (see
     * {@link DeliveryFailure}), and the run is not broken by it.
     */
    int failures() {
        settle();
        return failures;
    }

    /** The trials of a lossless peer (not Ringlog) that lost events. */
    int peerLosses() {
        settle();
        return peerLosses;
    }

    /** Counts the last trial's failure, once. */
    private void settle() {
        if (trialFailed) {
            if (trialLostEvents && !trialIsRinglog) {
                peerLosses++;
            } else {
                failures++;
            }
            trialFailed = false;
        }
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        settle();
        started++;
        trialLostEvents = false;
        String contender = params.getParam("contender");
        trialIsRinglog = contender != null && contender.startsWith("RING_");
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        double left = secondsLeft(plannedSeconds, startedSeconds, elapsed);
        startedSeconds += secondsPerTrial;
        Map<String, String> shown = new TreeMap<>();
        for (String key : params.getParamsKeys()) {
            shown.put(key, params.getParam(key));
        }
        shown.remove("idleMillis");
        shown.remove("blockedMillis");
        shown.remove("durationMillis");
        String name = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.', params.getBenchmark().lastIndexOf('.') - 1) + 1);
        out.printf(Locale.ROOT, "[%3d/%d %s elapsed, ~%s left] %s t=%d %s%n", started, planned, clock(elapsed), clock(left),
                name, params.getThreads(), shown);
        log.trial(String.format(Locale.ROOT, "trial %d/%d: %s t=%d %s", started, planned, name, params.getThreads(), shown));
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        if (result == null) {
            return;
        }
        Result<?> primary = result.getPrimaryResult();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "      %,.0f %s", primary.getScore(), primary.getScoreUnit()));
        appendSecondary(line, result.getSecondaryResults(), "delivery.dropped.share", "dropped %.1f%%", 100);
        appendSecondary(line, result.getSecondaryResults(), "gc.alloc.rate.norm", "%.0f B/op", 1);
        appendSecondary(line, result.getSecondaryResults(), "latency.p99", "p99 %.1f us", 1);
        appendSecondary(line, result.getSecondaryResults(), "cpu.blocked.callers", "callers blocked %.2f cores", 1);
        long ownLines = log.trialLines();
        if (ownLines > TrialLog.KEPT_TRIAL_LINES) {
            line.append(String.format(Locale.ROOT, " (%,d lines of its own output, the first %,d in %s)", ownLines,
                    TrialLog.KEPT_TRIAL_LINES, log.fileName()));
        } else if (ownLines > 0) {
            line.append(String.format(Locale.ROOT, " (%,d %s of its own output in %s)", ownLines, ownLines == 1 ? "line" : "lines",
                    log.fileName()));
        }
        out.println(line);
    }

    @SuppressWarnings("rawtypes") // JMH's own signature
    private static void appendSecondary(StringBuilder line, Map<String, Result> secondary, String key, String format, double scale) {
        Result<?> result = secondary.get(key);
        if (result != null) {
            line.append(", ").append(String.format(Locale.ROOT, format, result.getScore() * scale));
        }
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        // one line per trial is enough
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        Result<?> primary = data.getPrimaryResult();
        log.note(String.format(Locale.ROOT, "%s iteration %d: %,.0f %s", params.getType().toString().toLowerCase(Locale.ROOT),
                iteration, primary.getScore(), primary.getScoreUnit()));
    }

    @Override
    public void startRun() {
        // stages are announced by Compare
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        // the report summarises
    }

    @Override
    public void print(String s) {
        filter(s);
    }

    @Override
    public void println(String s) {
        filter(s);
    }

    @Override
    public void verbosePrintln(String s) {
        // JMH's chatter
    }

    private void filter(String text) {
        log.note(text);
        for (String line : text.split("\\R")) {
            String trimmed = line.trim();
            if (trimmed.isEmpty() || trimmed.startsWith("#") || isChatter(trimmed)) {
                continue;
            }
            if (trimmed.contains("<failure>") || trimmed.contains("DELIVERY CHECK FAILED")) {
                trialFailed = true;
            }
            if (trimmed.contains("DELIVERY CHECK FAILED") && trimmed.contains(" is lossless but delivered ")) {
                trialLostEvents = true;
            }
            out.println("      | " + line);
        }
    }

    /**
     * Logback and Log4j2 status lines below ERROR (drops reported by lossy appenders, for instance), and JMH's note
     * of where it saved a stage's JSON (the console names the results directory once); the trial log keeps them.
     */
    private static boolean isChatter(String line) {
        return line.contains("|-WARN") || line.contains("|-INFO") || LOG4J2_STATUS_CHATTER.matcher(line).matches()
                || line.startsWith("Benchmark result is saved to");
    }

    @Override
    public void flush() {
        out.flush();
    }

    @Override
    public void close() {
        out.flush();
    }

    @Override
    public void write(int b) {
        // raw fork output arrives through println
    }

    @Override
    public void write(byte[] b) {
        // raw fork output arrives through println
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%02d:%02d", s / 60, s % 60);
    }
}
