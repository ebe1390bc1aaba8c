package io.ringlog.logback;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sums what Ringlog reported through the status channel for one appender name: drops (the WARN summaries), events
 * lost at a drain that hit its bound, and downstream failures (the first of each interval is reported alone, the
 * summary of an interval with more than one counts them all, so the total is the summaries plus the intervals that
 * had exactly one failure).
 */
final class ReportedLosses {

    private ReportedLosses() {
    }

    static long dropped(List<String> messages, String appender) {
        return sum(messages, Pattern.compile("Ringlog appender '" + Pattern.quote(appender) + "' dropped ([\\d,]+) events?"));
    }

    static long lostAtDrain(List<String> messages, String appender) {
        return sum(messages, Pattern.compile("'" + Pattern.quote(appender) + "' could not deliver ([\\d,]+) events? within"))
                + sum(messages, Pattern.compile("'" + Pattern.quote(appender) + "' lost ([\\d,]+) queued events"));
    }

    static long failures(List<String> messages, String appender) {
        String quoted = Pattern.quote(appender);
        long firsts = messages.stream().filter(m -> m.contains("'" + appender + "': a downstream appender threw;")).count();
        Pattern summary = Pattern.compile("'" + quoted + "': downstream appenders threw on ([\\d,]+) events");
        long summaries = messages.stream().filter(m -> summary.matcher(m).find()).count();
        return sum(messages, summary) + firsts - summaries;
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
