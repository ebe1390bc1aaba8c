package io.ringlog.benchmarks.report;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of {@code verification-failures.txt}, read back: whose trial failed its delivery check and how. A lossless
 * peer (not one of Ringlog's contenders) that delivered fewer events than were logged is a finding about that peer;
 * anything else (Ringlog losing an event, a sink receiving more than was logged, a line this cannot read) means the
 * run or Ringlog is broken. Immutable.
 *
 * @param line        the line as recorded
 * @param framework   {@code logback} or {@code log4j2}; empty if the line could not be read
 * @param contender   the contender's enum name; empty if the line could not be read
 * @param delivered   the events the sink received, or -1
 * @param logged      the events logged, or -1
 */
record DeliveryFailure(String line, String framework, String contender, long delivered, long logged) {

    /** Where the losses of Log4j2's Async Loggers are explained and reproduced. */
    static final String ASYNC_LOGGERS_EXPLAINED =
            "https://github.com/ringlog/ringlog/blob/main/docs/benchmarks/async-loggers-lost-events.md";

    /** The peers whose losses are explained, with the page that does: contender to link. */
    private static final Map<String, String> EXPLAINED = Map.of(
            "log4j2 ASYNC_ROOT", ASYNC_LOGGERS_EXPLAINED,
            "log4j2 ALL_ASYNC", ASYNC_LOGGERS_EXPLAINED);

    /** {@code [<instant> ]<framework> <CONTENDER> is lossless but delivered <n> of <m> events ...}, as Delivery writes it. */
    private static final Pattern LOSS = Pattern.compile(
            "^(?:\\S+ )?(logback|log4j2) (\\w+) is lossless but delivered (\\d+) of (\\d+) events.*$");
    private static final Pattern ANY = Pattern.compile("^(?:\\S+ )?(logback|log4j2) (\\w+)\\b.*$");

    /** Reads one recorded line. */
    static DeliveryFailure parse(String line) {
        Matcher loss = LOSS.matcher(line.strip());
        if (loss.matches()) {
            return new DeliveryFailure(line.strip(), loss.group(1), loss.group(2), Long.parseLong(loss.group(3)),
                    Long.parseLong(loss.group(4)));
        }
        Matcher any = ANY.matcher(line.strip());
        return any.matches() ? new DeliveryFailure(line.strip(), any.group(1), any.group(2), -1, -1)
                : new DeliveryFailure(line.strip(), "", "", -1, -1);
    }

    /** Whether a contender of Ringlog's failed its check. */
    boolean ringlog() {
        return contender.startsWith("RING_");
    }

    /** Whether this is a peer that lost events: a finding about that library, not a failure of the run. */
    boolean peerLoss() {
        return !contender.isEmpty() && !ringlog() && delivered >= 0 && delivered < logged;
    }

    /** The peer's loss in one sentence, with the page that explains it when there is one. */
    String finding() {
        String sentence = String.format(Locale.ROOT, "%s %s lost %,d of %,d events in one trial (it promises to lose none)",
                Report.title(framework), contender, logged - delivered, logged);
        String link = EXPLAINED.get(framework + " " + contender);
        return sentence + (link == null ? "; that trial has no result below." : "; a race in that library, explained and"
                + " reproduced in [Why Async Loggers lost events](" + link + "). That trial has no result below.");
    }
}
