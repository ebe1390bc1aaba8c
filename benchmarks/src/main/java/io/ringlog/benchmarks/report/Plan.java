package io.ringlog.benchmarks.report;

import io.ringlog.benchmarks.log4j2.Log4j2Contender;
import io.ringlog.benchmarks.logback.LogbackContender;
import io.ringlog.benchmarks.support.Sink;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How much to run: JMH iteration settings, thread counts, sinks, rates and the contenders of each framework
 * (an empty list means all of them). Immutable.
 *
 * @param name               smoke, quick or full
 * @param forks              JMH forks per trial
 * @param warmupIterations   warm-up iterations per fork of the throughput stages (a latency run warms up once)
 * @param warmupSeconds      length of one throughput warm-up iteration
 * @param iterations         measured iterations per fork (throughput)
 * @param iterationSeconds   length of one measured throughput iteration
 * @param sinksByThreads     thread count to the sinks measured at that count
 * @param latencyRates       offered rates, events per second
 * @param latencySinks       sinks of the latency runs
 * @param latencyMillis      length of one measured fixed-rate run
 * @param latencyIterations  measured fixed-rate runs per fork
 * @param cpuMillis          length of each CPU window (idle, blocked)
 * @param logbackContenders  Logback contenders, empty = all
 * @param log4j2Contenders   Log4j2 contenders, empty = all
 * @param rerunsUntrusted    whether a throughput stage the report would distrust ({@link StageTrust}) is run once more
 */
public record Plan(String name, int forks, int warmupIterations, int warmupSeconds, int iterations, int iterationSeconds,
                   Map<Integer, List<Sink>> sinksByThreads, List<Integer> latencyRates, List<Sink> latencySinks,
                   int latencyMillis, int latencyIterations, int cpuMillis,
                   List<String> logbackContenders, List<String> log4j2Contenders, boolean rerunsUntrusted) {

    /**
     * What one forked trial costs beyond its warm-up and measured iterations: starting a JVM with a pre-touched 2 GB
     * heap, JMH's set-up, stopping the context (the drain) and the delivery check. Calibrated on two cores against
     * whole runs: a quick run of 161 trials (126 planned, 35 re-run) took 20 minutes after its build, a full run of 322
     * trials of two forks each 116 minutes, which is 2.3 s per fork more than the iterations themselves.
     */
    public static final double FORK_OVERHEAD_SECONDS = 2.3;

    /**
     * A pass that proves the plumbing in about two minutes: a subset, one short iteration each; an untrusted stage is
     * only marked (its numbers mean nothing anyway). It includes logstash-logback-encoder's dropping appender, whose
     * thousands of "Dropped N events" status lines per trial must stay off the console.
     */
    public static Plan smoke() {
        return new Plan("smoke", 1, 1, 1, 1, 1,
                Map.of(1, List.of(Sink.COUNTING), 2, List.of(Sink.COUNTING)),
                List.of(50_000), List.of(Sink.COUNTING), 1000, 1, 300,
                List.of("SYNC", "ASYNC_256", "LLE_DROPPING", "RING_BLOCK", "RING_DROP_ALL"),
                List.of("SYNC", "ASYNC_1024", "RING_BLOCK", "RING_DROP_ALL"), false);
    }

    /**
     * Every contender, the main regimes, short iterations: see {@link #estimatedMinutes()} for its time on two cores. Four seconds of warm-up:
     * a 4-thread Log4j2 {@code <RingAsync>} fork climbs while the JIT compiles its path beside four busy callers (0.31,
     * 0.60, 0.73 M/s in its first three seconds, 1.2 to 1.7 from the fourth on, on 2026-11-25; 0.32, 0.38, 0.51, 0.57,
     * then 1.24 M/s in the fifth second of a quick run with three seconds of warm-up, on 2026-11-26).
     */
    public static Plan quick() {
        return new Plan("quick", 1, 4, 1, 2, 1,
                Map.of(1, List.of(Sink.COUNTING),
                        2, List.of(Sink.COUNTING, Sink.FILE, Sink.FILE_BUFFERED, Sink.SLOW),
                        4, List.of(Sink.COUNTING)),
                List.of(50_000, 200_000), List.of(Sink.COUNTING), 2000, 1, 1000,
                List.of(), List.of(), true);
    }

    /**
     * For publication: every sink at every thread count, two forks of four one-second iterations after four of
     * warm-up (see {@link #quick()} for why four), both latency rates on the no-op and the buffered file sink.
     */
    public static Plan full() {
        List<Sink> all = List.of(Sink.COUNTING, Sink.FILE, Sink.FILE_BUFFERED, Sink.SLOW);
        return new Plan("full", 2, 4, 1, 4, 1,
                Map.of(1, all, 2, all, 4, all),
                List.of(50_000, 200_000), List.of(Sink.COUNTING, Sink.FILE_BUFFERED), 4_000, 2, 2000,
                List.of(), List.of(), true);
    }

    /** Trials of one throughput stage: every contender into every sink measured at that thread count. */
    public int throughputTrials(int contenders, int threads) {
        return contenders * sinksByThreads.getOrDefault(threads, List.of()).size();
    }

    /** The estimated wall time of {@code trials} throughput trials, in seconds. */
    public double throughputSeconds(int trials) {
        return trials * forks * (warmupIterations * warmupSeconds + iterations * iterationSeconds + FORK_OVERHEAD_SECONDS);
    }

    /** Trials of one latency stage: every contender into every latency sink at every rate. */
    public int latencyTrials(int contenders) {
        return contenders * latencySinks.size() * latencyRates.size();
    }

    /** The estimated wall time of {@code trials} latency trials (one warm-up run, then the measured ones), in seconds. */
    public double latencySeconds(int trials) {
        return trials * forks * ((1 + latencyIterations) * latencyMillis / 1000.0 + FORK_OVERHEAD_SECONDS);
    }

    /** The estimated wall time of {@code trials} CPU trials (an idle and a blocked window each), in seconds. */
    public double cpuSeconds(int trials) {
        return trials * forks * (2 * cpuMillis / 1000.0 + FORK_OVERHEAD_SECONDS);
    }

    /** How many contenders of a framework run: the named ones, or all {@code available}. */
    private static int count(List<String> named, int available) {
        return named.isEmpty() ? available : named.size();
    }

    /** Every trial of the plan, both frameworks, all of Ringlog's contenders available; re-runs not included. */
    public int trials() {
        int logback = count(logbackContenders, LogbackContender.values().length);
        int log4j2 = count(log4j2Contenders, Log4j2Contender.values().length);
        int throughput = sinksByThreads.keySet().stream().mapToInt(t -> throughputTrials(logback, t) + throughputTrials(log4j2, t)).sum();
        return throughput + latencyTrials(logback) + latencyTrials(log4j2) + logback + log4j2;
    }

    /**
     * The plan's time on two cores in whole minutes, as the console announces it and the docs quote it: every trial,
     * without the build (about a minute when nothing is built yet) and without re-runs of distrusted stages (a
     * throughput stage of a framework: {@link #rerunMinutes()} each).
     */
    public long estimatedMinutes() {
        int logback = count(logbackContenders, LogbackContender.values().length);
        int log4j2 = count(log4j2Contenders, Log4j2Contender.values().length);
        double seconds = 0;
        for (int threads : sinksByThreads.keySet()) {
            seconds += throughputSeconds(throughputTrials(logback, threads) + throughputTrials(log4j2, threads));
        }
        seconds += latencySeconds(latencyTrials(logback) + latencyTrials(log4j2)) + cpuSeconds(logback + log4j2);
        return Math.round(seconds / 60);
    }

    /** The longest re-run of one distrusted throughput stage (the thread count with the most sinks), in whole minutes. */
    public long rerunMinutes() {
        int contenders = Math.max(count(logbackContenders, LogbackContender.values().length),
                count(log4j2Contenders, Log4j2Contender.values().length));
        int worst = sinksByThreads.keySet().stream().mapToInt(t -> throughputTrials(contenders, t)).max().orElse(0);
        return Math.round(throughputSeconds(worst) / 60);
    }

    /** The plan of the given name. */
    public static Plan named(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "smoke":
                return smoke();
            case "quick":
                return quick();
            case "full":
                return full();
            default:
                throw new IllegalArgumentException("unknown mode '" + name + "': expected smoke, quick or full");
        }
    }
}
