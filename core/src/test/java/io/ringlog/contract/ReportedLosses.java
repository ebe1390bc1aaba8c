package io.ringlog.contract;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sums what Ringlog reported through the framework's status channel for one appender name: drops (the WARN
 * summaries, which may split one burst across reports), events lost at a drain that hit its bound, and downstream
 * failures (the first of each interval is reported alone, the summary of an interval with more than one counts them
 * all, so the total is the summaries plus the intervals with exactly one failure).
 */
public final class ReportedLosses {

    private ReportedLosses() {
    }

    public static long dropped(List<String> messages, String appender) {
        return sum(messages, Pattern.compile("Ringlog appender '" + Pattern.quote(appender) + "' dropped ([\\d,]+) events?"));
    }

    public static long lostAtDrain(List<String> messages, String appender) {
        return sum(messages, Pattern.compile("'" + Pattern.quote(appender) + "' could not deliver ([\\d,]+) events? within"))
                + sum(messages, Pattern.compile("'" + Pattern.quote(appender) + "' lost ([\\d,]+) queued events"));
    }

    public static long failures(List<String> messages, String appender) {
        long firsts = messages.stream().filter(m -> m.contains("'" + appender + "': a downstream appender threw;")).count();
        Pattern summary = Pattern.compile("'" + Pattern.quote(appender) + "': downstream appenders threw on ([\\d,]+) events");
        long summaries = messages.stream().filter(m -> summary.matcher(m).find()).count();
        return sum(messages, summary) + firsts - summaries;
    }

    /** Caller-thread deliveries that failed ("could not deliver an event on the caller's thread"). */
    public static long callerThreadFailures(List<String> messages, String appender) {
        return messages.stream().filter(m -> m.contains("'" + appender + "' could not deliver an event on the caller's thread")).count();
    }

    private static long sum(List<String> messages, Pattern pattern) {
        long total = 0;
        for (String message : messages) {
            Matcher matcher = pattern.matcher(message);
            while (matcher.find()) {
                total += Long.parseLong(matcher.group(1).replace(",", ""));
            }
        }
        return total;
    }
}
