package io.ringlog.benchmarks.report;

import io.ringlog.benchmarks.log4j2.Log4j2Contender;
import io.ringlog.benchmarks.logback.LogbackContender;
import io.ringlog.benchmarks.support.Sink;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which throughput stages of a run are not to be trusted, and why. A stage is one JMH run (one framework at one
 * caller-thread count, all its contenders and sinks, minutes apart), so a slower regime of a shared machine (another
 * process, a throttled vCPU) lowers every figure of it, and every ratio inside it is then a ratio of two disturbed
 * figures. Three checks, on what the run measured itself:
 * <ul>
 * <li>Yardstick: the synchronous appender ({@code SYNC}) depends on nothing but the calling threads, so its rate must
 * agree with itself across the stages. On {@code c} cores, {@code b} threads run at most {@code min(b,c)/min(a,c)}
 * times as fast as {@code a < b} threads; a stage whose SYNC rate, scaled up that way, stays below
 * {@value #YARDSTICK_FLOOR} of a stage with more threads is untrusted (Logback SYNC at 791 k/s on one thread and
 * 14.3 M/s on two, in a run whose other figures were all about ten times low at one thread). A stage with more threads
 * whose SYNC fell below {@value #COLLAPSE_FLOOR} of one with fewer is untrusted too (contention costs less than that
 * for a synchronous appender into these sinks).
 * <li>Sinks: within a stage, SYNC into the no-op sink (COUNTING) below {@value #YARDSTICK_FLOOR} of SYNC into a sink
 * that does more work.
 * <li>Noise: a trial that every ratio of its stage divides by (the reference) or the yardstick, whose forks disagree
 * (with one fork: whose iterations disagree) by more than {@value #NOISE} of its median, the noise the report states.
 * </ul>
 * Stateless.
 */
final class StageTrust {

    /** The noise the report states: measurements of one trial that differ by more than this share are suspect. */
    static final double NOISE = 0.30;
    /** The share of the yardstick's expected rate below which a stage is untrusted. */
    static final double YARDSTICK_FLOOR = 0.5;
    /** The share of its rate at fewer threads below which the yardstick has collapsed at more. */
    static final double COLLAPSE_FLOOR = 0.25;

    private static final List<String> FRAMEWORKS = List.of("logback", "log4j2");

    /**
     * One throughput stage.
     *
     * @param framework logback or log4j2
     * @param threads   caller threads
     */
    record Stage(String framework, int threads) {

        /** The stage's results file, without {@code jmh-} and {@code .json}. */
        String file() {
            return "throughput-" + framework + "-t" + threads;
        }

        String title() {
            return Report.title(framework) + " throughput, " + StageTrust.threads(threads);
        }
    }

    /**
     * An untrusted stage.
     *
     * @param stage   the stage
     * @param reasons what gave it away, one sentence each
     */
    record Finding(Stage stage, List<String> reasons) {
    }

    private StageTrust() {
    }

    /** The synchronous contender of a framework, the yardstick of the checks. */
    static String yardstick(String framework) {
        return "logback".equals(framework) ? LogbackContender.SYNC.name() : Log4j2Contender.SYNC.name();
    }

    /** The contender a framework's ratios divide by. */
    static String reference(String framework) {
        return "logback".equals(framework) ? LogbackContender.REFERENCE.name() : Log4j2Contender.REFERENCE.name();
    }

    /** Whether the trial's forks (or iterations) disagree by more than the stated noise. */
    static boolean isNoisy(Results.Trial trial) {
        return trial.spread() > NOISE;
    }

    /**
     * The untrusted throughput stages among {@code trials}, by framework and thread count.
     *
     * @param cpus the processors the run had (what bounds scaling); {@link Integer#MAX_VALUE} if unknown
     */
    static List<Finding> check(List<Results.Trial> trials, int cpus) {
        Map<Stage, List<String>> reasons = new TreeMap<>(
                Comparator.comparing((Stage s) -> FRAMEWORKS.indexOf(s.framework())).thenComparingInt(Stage::threads));
        for (String framework : FRAMEWORKS) {
            Map<String, TreeMap<Integer, Results.Trial>> yardstick = new TreeMap<>();
            for (Results.Trial trial : trials) {
                if (trial.framework().equals(framework) && trial.kind().equals("throughput")
                        && trial.contender().equals(yardstick(framework))) {
                    yardstick.computeIfAbsent(trial.sink(), s -> new TreeMap<>()).put(trial.threads(), trial);
                }
            }
            yardstick.forEach((sink, byThreads) -> acrossThreads(framework, sink, byThreads, cpus, reasons));
            acrossSinks(framework, yardstick, reasons);
            noise(framework, trials, reasons);
        }
        List<Finding> findings = new ArrayList<>();
        reasons.forEach((stage, why) -> findings.add(new Finding(stage, why)));
        return findings;
    }

    private static void acrossThreads(String framework, String sink, TreeMap<Integer, Results.Trial> byThreads, int cpus,
                                      Map<Stage, List<String>> reasons) {
        for (Results.Trial fewer : byThreads.values()) {
            for (Results.Trial more : byThreads.tailMap(fewer.threads(), false).values()) {
                double scale = (double) Math.min(more.threads(), cpus) / Math.min(fewer.threads(), cpus);
                if (fewer.median() * scale < YARDSTICK_FLOOR * more.median()) {
                    add(reasons, new Stage(framework, fewer.threads()), String.format(Locale.ROOT,
                            "the synchronous appender (the yardstick) made %s into %s here but %s at %d threads;"
                                    + " %s can make at most ×%.1f of it%s",
                            Report.rate(fewer.median()), sink, Report.rate(more.median()), more.threads(),
                            threads(more.threads()), scale, cpus == Integer.MAX_VALUE ? "" : " on " + cpus + " cores"));
                }
                if (more.median() < COLLAPSE_FLOOR * fewer.median()) {
                    add(reasons, new Stage(framework, more.threads()), String.format(Locale.ROOT,
                            "the synchronous appender (the yardstick) made %s into %s here but %s at %s",
                            Report.rate(more.median()), sink, Report.rate(fewer.median()), threads(fewer.threads())));
                }
            }
        }
    }

    private static void acrossSinks(String framework, Map<String, TreeMap<Integer, Results.Trial>> yardstick,
                                    Map<Stage, List<String>> reasons) {
        TreeMap<Integer, Results.Trial> noOp = yardstick.get(Sink.COUNTING.name());
        if (noOp == null) {
            return;
        }
        yardstick.forEach((sink, byThreads) -> byThreads.forEach((threads, costlier) -> {
            Results.Trial counting = noOp.get(threads);
            if (!sink.equals(Sink.COUNTING.name()) && counting != null && counting.median() < YARDSTICK_FLOOR * costlier.median()) {
                add(reasons, new Stage(framework, threads), String.format(Locale.ROOT,
                        "the synchronous appender (the yardstick) made %s into the no-op sink but %s into %s,"
                                + " a sink that does more work", Report.rate(counting.median()), Report.rate(costlier.median()), sink));
            }
        }));
    }

    private static void noise(String framework, List<Results.Trial> trials, Map<Stage, List<String>> reasons) {
        for (Results.Trial trial : trials) {
            boolean anchor = trial.contender().equals(reference(framework)) || trial.contender().equals(yardstick(framework));
            if (trial.framework().equals(framework) && trial.kind().equals("throughput") && anchor && isNoisy(trial)) {
                add(reasons, new Stage(framework, trial.threads()), String.format(Locale.ROOT,
                        "%s into %s varied by %.0f%% across its %s, more than the %.0f%% noise this report allows",
                        trial.contender(), trial.sink(), 100 * trial.spread(), trial.forks() > 1 ? "forks" : "iterations",
                        100 * NOISE));
            }
        }
    }

    private static void add(Map<Stage, List<String>> reasons, Stage stage, String reason) {
        reasons.computeIfAbsent(stage, s -> new ArrayList<>()).add(reason);
    }

    private static String threads(int threads) {
        return threads + (threads == 1 ? " thread" : " threads");
    }
}
