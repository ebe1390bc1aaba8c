package io.ringlog.benchmarks.report;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one run of wrk ({@code wrk --latency}, plus the {@code Latency p99.9: <n>us} line of the driver's Lua
 * {@code done} hook) printed: requests, duration, throughput, latency percentiles and errors. Latencies in
 * microseconds. Immutable.
 *
 * @param requests requests completed, whatever their status
 * @param seconds the measured duration
 * @param requestsPerSecond wrk's {@code Requests/sec}
 * @param p50 50th percentile latency
 * @param p99 99th percentile latency
 * @param p999 99.9th percentile latency, {@code NaN} without the Lua hook's line
 * @param max the largest latency
 * @param non2xx responses with a status other than 2xx or 3xx
 * @param socketErrors connect, read, write and timeout errors
 */
record WrkOutput(long requests, double seconds, double requestsPerSecond, double p50, double p99, double p999,
        double max, long non2xx, long socketErrors) {

    private static final Pattern REQUESTS = Pattern.compile("(\\d+) requests in ([\\d.]+)(us|ms|s|m|h)");
    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([\\d.]+)");
    private static final Pattern MAX = Pattern.compile("Latency\\s+\\S+\\s+\\S+\\s+([\\d.]+(?:us|ms|s|m|h))");
    private static final String DURATION = "([\\d.]+(?:us|ms|s|m|h))";
    private static final Pattern P50 = Pattern.compile("\\s50(?:\\.000)?%\\s+" + DURATION);
    private static final Pattern P99 = Pattern.compile("\\s99(?:\\.000)?%\\s+" + DURATION);
    private static final Pattern P999 = Pattern.compile("Latency p99\\.9:\\s+(\\d+)us");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern SOCKET_ERRORS =
            Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");

    /**
     * @param text wrk's standard output
     * @return its numbers
     * @throws IllegalArgumentException if the text is not the output of a finished {@code wrk --latency} run
     */
    static WrkOutput parse(String text) {
        Matcher requests = find(REQUESTS, text, "the 'N requests in T' line");
        Matcher errors = SOCKET_ERRORS.matcher(text);
        long socketErrors = 0;
        if (errors.find()) {
            for (int group = 1; group <= 4; group++) {
                socketErrors += Long.parseLong(errors.group(group));
            }
        }
        Matcher non2xx = NON_2XX.matcher(text);
        Matcher p999 = P999.matcher(text);
        return new WrkOutput(Long.parseLong(requests.group(1)),
                micros(requests.group(2) + requests.group(3)) / 1e6,
                Double.parseDouble(find(RATE, text, "Requests/sec").group(1)),
                micros(find(P50, text, "the 50% line (run wrk with --latency)").group(1)),
                micros(find(P99, text, "the 99% line (run wrk with --latency)").group(1)),
                p999.find() ? Double.parseDouble(p999.group(1)) : Double.NaN,
                micros(find(MAX, text, "the Latency line").group(1)),
                non2xx.find() ? Long.parseLong(non2xx.group(1)) : 0,
                socketErrors);
    }

    /** wrk's human durations ({@code 812.00us}, {@code 4.86ms}, {@code 1.02s}, {@code 1.50m}) in microseconds. */
    static double micros(String duration) {
        int unit = duration.length();
        while (unit > 0 && Character.isLetter(duration.charAt(unit - 1))) {
            unit--;
        }
        double value = Double.parseDouble(duration.substring(0, unit));
        switch (duration.substring(unit)) {
            case "us": return value;
            case "ms": return value * 1e3;
            case "s": return value * 1e6;
            case "m": return value * 60e6;
            case "h": return value * 3600e6;
            default: throw new IllegalArgumentException("not a wrk duration: " + duration);
        }
    }

    private static Matcher find(Pattern pattern, String text, String what) {
        Matcher matcher = pattern.matcher(text);
        if (!matcher.find()) {
            throw new IllegalArgumentException("wrk's output has no " + what + ":\n" + text);
        }
        return matcher;
    }
}
