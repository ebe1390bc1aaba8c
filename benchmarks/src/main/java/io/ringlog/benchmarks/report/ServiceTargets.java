package io.ringlog.benchmarks.report;

import static io.ringlog.benchmarks.report.ServiceResults.median;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The targets Ringlog is held to in a web service (issue 9), judged on one run's medians, per flavour: lossless;
 * CPU-bound, requests/s at least every lossless alternative's (synchronous logging included), p99 at most a quarter of
 * each one's and requests/s at least 1.15 × the lossless stock appender's, by spending less CPU per request than it;
 * wait-bound, within 5 % of logging off in requests/s and p99. Latencies are the closed loop's, as in the issue.
 */
final class ServiceTargets {

    static final String RINGLOG = "ringlog";
    static final String STOCK = "stock-async";

    /** One target's verdict. */
    record Verdict(String target, boolean met, String measured) {
    }

    private ServiceTargets() {
    }

    /**
     * @param results one run's results
     * @param flavour {@code logback} or {@code log4j2}
     * @return every target's verdict for that flavour; empty if Ringlog or the stock appender did not run
     */
    static List<Verdict> judge(ServiceResults results, String flavour) {
        List<Verdict> verdicts = new ArrayList<>();
        List<String> variants = results.variants(flavour);
        if (!variants.contains(RINGLOG)) {
            return verdicts;
        }
        boolean lossless = results.deliveries().stream()
                .filter(d -> d.flavour().equals(flavour) && d.lossless()).noneMatch(ServiceResults.Delivery::lost);
        verdicts.add(new Verdict("every lossless variant wrote every line", lossless, lossless ? "none lost" : "lines lost"));

        double rps = closed(results, flavour, RINGLOG, "cpu", r -> r.wrk().requestsPerSecond());
        double p99 = closed(results, flavour, RINGLOG, "cpu", r -> r.wrk().p99());
        for (String other : variants) {
            if (other.equals(RINGLOG) || other.equals(ServiceResults.OFF)) {
                continue;
            }
            double otherRps = closed(results, flavour, other, "cpu", r -> r.wrk().requestsPerSecond());
            double otherP99 = closed(results, flavour, other, "cpu", r -> r.wrk().p99());
            verdicts.add(new Verdict("CPU-bound requests/s ≥ " + other + "'s", rps >= otherRps,
                    String.format(Locale.ROOT, "%,.0f vs %,.0f (×%.2f)", rps, otherRps, rps / otherRps)));
            verdicts.add(new Verdict("CPU-bound p99 ≤ ¼ of " + other + "'s", p99 <= otherP99 / 4,
                    String.format(Locale.ROOT, "%.1f ms vs %.1f ms (×%.2f)", p99 / 1e3, otherP99 / 1e3, p99 / otherP99)));
        }
        if (variants.contains(STOCK)) {
            double stockRps = closed(results, flavour, STOCK, "cpu", r -> r.wrk().requestsPerSecond());
            verdicts.add(new Verdict("CPU-bound requests/s ≥ 1.15 × " + STOCK + "'s", rps >= 1.15 * stockRps,
                    String.format(Locale.ROOT, "×%.2f", rps / stockRps)));
            double cpu = closed(results, flavour, RINGLOG, "cpu", ServiceResults.Run::cpuMillisPerRequest);
            double stockCpu = closed(results, flavour, STOCK, "cpu", ServiceResults.Run::cpuMillisPerRequest);
            verdicts.add(new Verdict("CPU-bound CPU per request < " + STOCK + "'s", cpu < stockCpu,
                    String.format(Locale.ROOT, "%.3f ms vs %.3f ms", cpu, stockCpu)));
        }
        if (variants.contains(ServiceResults.OFF) && !results.closed(flavour, RINGLOG, "wait").isEmpty()) {
            double waitRps = closed(results, flavour, RINGLOG, "wait", r -> r.wrk().requestsPerSecond());
            double offRps = closed(results, flavour, ServiceResults.OFF, "wait", r -> r.wrk().requestsPerSecond());
            double waitP99 = closed(results, flavour, RINGLOG, "wait", r -> r.wrk().p99());
            double offP99 = closed(results, flavour, ServiceResults.OFF, "wait", r -> r.wrk().p99());
            verdicts.add(new Verdict("wait-bound requests/s within 5 % of logging off", waitRps >= 0.95 * offRps,
                    String.format(Locale.ROOT, "%,.0f vs %,.0f (×%.3f)", waitRps, offRps, waitRps / offRps)));
            verdicts.add(new Verdict("wait-bound p99 within 5 % of logging off", waitP99 <= 1.05 * offP99,
                    String.format(Locale.ROOT, "%.1f ms vs %.1f ms (×%.3f)", waitP99 / 1e3, offP99 / 1e3, waitP99 / offP99)));
        }
        return verdicts;
    }

    private static double closed(ServiceResults results, String flavour, String variant, String workload,
            ToDoubleFunction<ServiceResults.Run> figure) {
        return median(results.closed(flavour, variant, workload), figure);
    }
}
