package io.ringlog.benchmarks.report;

import static io.ringlog.benchmarks.report.ServiceResults.OFF;
import static io.ringlog.benchmarks.report.ServiceResults.SYNC;
import static io.ringlog.benchmarks.report.ServiceResults.median;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The targets Ringlog is held to in a web service, judged per flavour on the closed loop's medians over the repeats
 * (one JVM per variant and repeat):
 * <ul>
 * <li>Ringlog wrote every line (another lossless variant that did not is a finding, not a miss);</li>
 * <li>CPU-bound and logging-heavy, the service sharing the machine's CPUs with its load: requests/s at least halfway
 *     from synchronous logging to logging off ({@code sync + ½ × (off − sync)}) and at least every other lossless
 *     asynchronous variant's (the stock appender, Log4j2's Async Loggers); p99 at most half of synchronous logging's;
 *     CPU per request below the stock appender's;</li>
 * <li>wait-bound: requests/s and p99 within 5 % of logging off's;</li>
 * <li>on one CPU ({@link ServiceResults.Setup#serviceCpus()} 1), where the consumer thread takes its CPU time from
 *     the request threads: CPU-bound and logging-heavy requests/s at least synchronous logging's.</li>
 * </ul>
 * A target whose reference variant did not run, or whose span is empty (logging off not faster than synchronous
 * logging, which only a disturbed run measures), is listed as not judged; a workload Ringlog did not run is left out.
 */
final class ServiceTargets {

    static final String RINGLOG = "ringlog";
    static final String STOCK = "stock-async";
    static final String ASYNC_LOGGERS = "async-loggers";

    /** The workloads that saturate the CPUs, where the throughput targets apply, and their names in the report. */
    static final Map<String, String> SATURATED = Map.of("cpu", "CPU-bound", "logging", "logging-heavy");

    /** Whether a target was met, or could not be judged from this run. */
    enum Outcome { MET, MISSED, NOT_JUDGED }

    /** One target's verdict, with the figures it was judged on. */
    record Verdict(String target, Outcome outcome, String measured) {

        static Verdict of(String target, boolean met, String measured) {
            return new Verdict(target, met ? Outcome.MET : Outcome.MISSED, measured);
        }

        static Verdict notJudged(String target, String variant) {
            return new Verdict(target, Outcome.NOT_JUDGED, variant + " did not run");
        }

        boolean met() {
            return outcome == Outcome.MET;
        }
    }

    private ServiceTargets() {
    }

    /**
     * @param results one run's results
     * @param flavour {@code logback} or {@code log4j2}
     * @return every target's verdict for that flavour; empty if Ringlog did not run
     */
    static List<Verdict> judge(ServiceResults results, String flavour) {
        List<Verdict> verdicts = new ArrayList<>();
        List<String> variants = results.variants(flavour);
        if (!variants.contains(RINGLOG)) {
            return verdicts;
        }
        boolean lossless = results.deliveries().stream()
                .filter(d -> d.flavour().equals(flavour) && d.variant().equals(RINGLOG)).noneMatch(ServiceResults.Delivery::lost);
        verdicts.add(Verdict.of("Ringlog wrote every line", lossless, lossless ? "none lost" : "lines lost"));
        Judge judge = new Judge(results, flavour, variants, verdicts);
        boolean oneCpu = results.setup().serviceCpus() == 1;
        for (String workload : ServiceResults.WORKLOADS) {
            if (!SATURATED.containsKey(workload) || results.closed(flavour, RINGLOG, workload).isEmpty()) {
                continue;
            }
            if (oneCpu) {
                judge.atLeastSync(workload);
            } else {
                judge.saturated(workload);
            }
        }
        if (!oneCpu) {
            judge.waitBound();
        }
        return verdicts;
    }

    /**
     * The hand-written lossless asynchronous variants other than Ringlog: those that ran, and those the flavour always
     * has (Spring Boot's default logging and the virtual-thread variants have their own tables).
     */
    static Set<String> otherAsync(String flavour, List<String> variants) {
        Set<String> others = new LinkedHashSet<>();
        others.add(STOCK);
        if (flavour.equals("log4j2")) {
            others.add(ASYNC_LOGGERS);
        }
        variants.stream().filter(ServiceVariants::isHandWrittenPeer).forEach(others::add);
        return others;
    }

    /** Judges one flavour's targets into {@code verdicts}. */
    private static final class Judge {

        private final ServiceResults results;
        private final String flavour;
        private final List<String> variants;
        private final List<Verdict> verdicts;

        Judge(ServiceResults results, String flavour, List<String> variants, List<Verdict> verdicts) {
            this.results = results;
            this.flavour = flavour;
            this.variants = variants;
            this.verdicts = verdicts;
        }

        void saturated(String workload) {
            String name = SATURATED.get(workload);
            double rps = rps(RINGLOG, workload);
            String halfway = name + " requests/s ≥ sync + ½ × (off − sync)";
            if (!ran(SYNC, workload)) {
                verdicts.add(Verdict.notJudged(halfway, SYNC));
            } else if (!ran(OFF, workload)) {
                verdicts.add(Verdict.notJudged(halfway, OFF));
            } else {
                double sync = rps(SYNC, workload);
                double off = rps(OFF, workload);
                double threshold = sync + (off - sync) / 2;
                if (off <= sync) {
                    // Logging off is the service's limit: below synchronous logging, the run measured noise, not a span.
                    verdicts.add(new Verdict(halfway, Outcome.NOT_JUDGED, String.format(Locale.ROOT,
                            "%,.0f, but off's %,.0f is not above sync's %,.0f: no span to place it in", rps, off, sync)));
                } else {
                    verdicts.add(Verdict.of(halfway, rps >= threshold, String.format(Locale.ROOT,
                            "%,.0f vs %,.0f: %.0f %% of the way from sync's %,.0f to off's %,.0f", rps, threshold,
                            100 * (rps - sync) / (off - sync), sync, off)));
                }
            }
            for (String other : otherAsync(flavour, variants)) {
                String target = name + " requests/s ≥ " + other + "'s";
                if (!ran(other, workload)) {
                    verdicts.add(Verdict.notJudged(target, other));
                    continue;
                }
                double otherRps = rps(other, workload);
                verdicts.add(Verdict.of(target, rps >= otherRps,
                        String.format(Locale.ROOT, "%,.0f vs %,.0f (×%.2f)", rps, otherRps, rps / otherRps)));
            }
            String p99Target = name + " p99 ≤ ½ of sync's";
            if (ran(SYNC, workload)) {
                double p99 = closed(RINGLOG, workload, r -> r.wrk().p99());
                double syncP99 = closed(SYNC, workload, r -> r.wrk().p99());
                verdicts.add(Verdict.of(p99Target, p99 <= syncP99 / 2, String.format(Locale.ROOT,
                        "%.1f ms vs %.1f ms (×%.2f)", p99 / 1e3, syncP99 / 1e3, p99 / syncP99)));
            } else {
                verdicts.add(Verdict.notJudged(p99Target, SYNC));
            }
            String cpuTarget = name + " CPU per request < " + STOCK + "'s";
            if (ran(STOCK, workload)) {
                double cpu = closed(RINGLOG, workload, ServiceResults.Run::cpuMillisPerRequest);
                double stockCpu = closed(STOCK, workload, ServiceResults.Run::cpuMillisPerRequest);
                verdicts.add(Verdict.of(cpuTarget, cpu < stockCpu, String.format(Locale.ROOT,
                        "%.3f ms vs %.3f ms (×%.2f)", cpu, stockCpu, cpu / stockCpu)));
            } else {
                verdicts.add(Verdict.notJudged(cpuTarget, STOCK));
            }
        }

        void atLeastSync(String workload) {
            String target = SATURATED.get(workload) + " requests/s ≥ sync's, on one CPU";
            if (!ran(SYNC, workload)) {
                verdicts.add(Verdict.notJudged(target, SYNC));
                return;
            }
            double rps = rps(RINGLOG, workload);
            double sync = rps(SYNC, workload);
            verdicts.add(Verdict.of(target, rps >= sync,
                    String.format(Locale.ROOT, "%,.0f vs %,.0f (×%.2f)", rps, sync, rps / sync)));
        }

        void waitBound() {
            if (!ran(RINGLOG, "wait")) {
                return;
            }
            String rpsTarget = "wait-bound requests/s within 5 % of logging off";
            String p99Target = "wait-bound p99 within 5 % of logging off";
            if (!ran(OFF, "wait")) {
                verdicts.add(Verdict.notJudged(rpsTarget, OFF));
                verdicts.add(Verdict.notJudged(p99Target, OFF));
                return;
            }
            double rps = rps(RINGLOG, "wait");
            double offRps = rps(OFF, "wait");
            double p99 = closed(RINGLOG, "wait", r -> r.wrk().p99());
            double offP99 = closed(OFF, "wait", r -> r.wrk().p99());
            verdicts.add(Verdict.of(rpsTarget, rps >= 0.95 * offRps,
                    String.format(Locale.ROOT, "%,.0f vs %,.0f (×%.3f)", rps, offRps, rps / offRps)));
            verdicts.add(Verdict.of(p99Target, p99 <= 1.05 * offP99,
                    String.format(Locale.ROOT, "%.1f ms vs %.1f ms (×%.3f)", p99 / 1e3, offP99 / 1e3, p99 / offP99)));
        }

        private boolean ran(String variant, String workload) {
            return !results.closed(flavour, variant, workload).isEmpty();
        }

        private double rps(String variant, String workload) {
            return closed(variant, workload, ServiceResults.Run::sustainedRequestsPerSecond);
        }

        private double closed(String variant, String workload, ToDoubleFunction<ServiceResults.Run> figure) {
            return median(results.closed(flavour, variant, workload), figure);
        }
    }
}
