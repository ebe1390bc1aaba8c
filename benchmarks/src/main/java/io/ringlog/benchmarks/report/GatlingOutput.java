package io.ringlog.benchmarks.report;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one Gatling run of the service benchmark's fixed-rate simulation printed in its closing "Global Information"
 * block, the driver asking for the percentiles 50, 99, 99.9 and 99.99: request counts and response times over all
 * requests, answered or failed. Gatling times a request from its scheduled start (an open model: it does not wait for
 * earlier answers), so these latencies include any time the service made a request wait. Milliseconds. Immutable.
 *
 * <p>This block is Gatling's only machine-readable statistics: Gatling 3.15 writes no JSON any more (the {@code js/}
 * folder of its HTML report holds scripts only, {@code simulation.log} is a binary format of its own), and the block's
 * rows are a fixed layout of labelled columns.
 *
 * @param requests requests sent
 * @param failed requests that failed (Gatling's KO: an error status, a timeout, a refused connection)
 * @param p50 50th percentile response time
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param max the largest response time
 */
record GatlingOutput(long requests, long failed, double p50, double p99, double p999, double max) {

    private static final String ROW = "\\s*\\|\\s*([\\d,.]+|-)\\s*\\|\\s*([\\d,.]+|-)\\s*\\|\\s*([\\d,.]+|-)";
    private static final Pattern GLOBAL = Pattern.compile("Global Information");

    /**
     * @param text Gatling's standard output
     * @return its numbers
     * @throws IllegalArgumentException if the text has no complete "Global Information" block
     */
    static GatlingOutput parse(String text) {
        Matcher global = GLOBAL.matcher(text);
        if (!global.find()) {
            throw new IllegalArgumentException("Gatling's output has no 'Global Information' block (did the run finish?):\n"
                    + tail(text));
        }
        String block = text.substring(global.end());
        Matcher count = row(block, "request count");
        return new GatlingOutput(number(count.group(1)), number(count.group(3)),
                value(block, "response time 50th percentile"), value(block, "response time 99th percentile"),
                value(block, "response time 99.9th percentile"), value(block, "max response time"));
    }

    private static double value(String block, String label) {
        return number(row(block, label).group(1));
    }

    private static Matcher row(String block, String label) {
        Matcher matcher = Pattern.compile("> " + Pattern.quote(label) + "[^|]*" + ROW).matcher(block);
        if (!matcher.find()) {
            throw new IllegalArgumentException("Gatling's 'Global Information' has no '" + label + "' row:\n" + block);
        }
        return matcher;
    }

    /** Gatling's numbers: {@code 16,000}, {@code 6,352}, {@code 69.3}; {@code -} for none. */
    private static long number(String text) {
        return text.equals("-") ? 0 : Math.round(Double.parseDouble(text.replace(",", "")));
    }

    private static String tail(String text) {
        return text.length() <= 2_000 ? text : "..." + text.substring(text.length() - 2_000);
    }
}
