package io.ringlog.benchmarks.report;

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
     * Every contender, the main regimes, short iterations: about sixteen minutes on two cores. Four seconds of warm-up:
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
     * warm-up (see {@link #quick()} for why four), both latency rates on the no-op and the buffered file sink. About an
     * hour and a half on two cores.
     */
    public static Plan full() {
        List<Sink> all = List.of(Sink.COUNTING, Sink.FILE, Sink.FILE_BUFFERED, Sink.SLOW);
        return new Plan("full", 2, 4, 1, 4, 1,
                Map.of(1, all, 2, all, 4, all),
                List.of(50_000, 200_000), List.of(Sink.COUNTING, Sink.FILE_BUFFERED), 4_000, 2, 2000,
                List.of(), List.of(), true);
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
