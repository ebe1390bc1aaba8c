package io.ringlog.benchmarks.docs;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures on a front page that read as measurements, and whether a committed report holds each. A figure is a
 * ratio ({@code ×2.29}, {@code 0.72×}), a percentage ({@code 64 %}), a number with a unit of rate, time, size or count
 * ({@code 1.05 M}, {@code 463 k/s}, {@code 86.8 µs}, {@code 124.78 MiB}, {@code 1,034.5 B}, and the bare numbers of a
 * range that ends in one: {@code 61 to 70 ms}), a number with a thousands separator ({@code 16,424}), or a decimal
 * number in a table cell or in prose ({@code 0.089}). Settings and counts are not figures: an integer without a unit or
 * separator ({@code 200 connections}, {@code 2 forks}), a duration in seconds or minutes ({@code 20 s runs},
 * {@code ~16 min}), a version ({@code 1.5.38}, {@code Boot 3.5}), a date, a commit, and anything in code.
 *
 * <p>A figure is traced when some number of the reports, scaled by its own {@code k} or {@code M}, is the figure:
 * the same value, or, for a figure of three significant digits or more, a value that rounds to it
 * ({@code 1,050,123} and {@code 1.05 M}, {@code 124.78} and {@code 125 MiB}). A ratio is traced by a ratio of the
 * reports only, a percentage by a percentage only. A figure of one or two significant digits must be found as it is
 * written: rounding would let almost any report number vouch for it.
 */
final class TracedFigures {

    /** What a figure is, which decides what in the reports can trace it. */
    enum Kind {
        RATIO, PERCENT, AMOUNT
    }

    /** One figure of a page: its text, kind, and value as written (before any {@code k} or {@code M}). */
    record Figure(String text, Kind kind, BigDecimal written, BigDecimal factor) {

        BigDecimal value() {
            return written.multiply(factor);
        }

        /** Digits as written, trailing zeros included: {@code 52.0} has three, {@code 0.089} two. */
        int significantDigits() {
            return written.precision();
        }
    }

    private static final String NUMBER_TEXT = "\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?";
    private static final String NUMBER = "(" + NUMBER_TEXT + ")";
    private static final String MORE_NUMBERS = "(?:" + NUMBER_TEXT + ")";
    /** Not part of a longer token: a commit, a version, a date, a path, an option. */
    private static final String BEFORE = "(?<![\\w.,/\\-+#~@:])";
    private static final String AFTER = "(?![\\w.\\-]*\\d)(?![\\p{L}\\d])";
    private static final String UNIT = "(M/s|k/s|µs|ms|ns|MiB|KiB|GiB|MB|M|k|B|%)";
    private static final Pattern RATIO_BEFORE = Pattern.compile(BEFORE + "×" + NUMBER + "(?![\\d.]*\\d)");
    private static final Pattern RATIO_AFTER = Pattern.compile(BEFORE + NUMBER + "×");
    private static final Pattern WITH_UNIT = Pattern.compile(
            BEFORE + NUMBER + "((?:\\s*(?:to|–|against|and|or)\\s*" + MORE_NUMBERS + ")*)\\s?" + UNIT
            + "(?![\\p{L}\\d])");
    /** Bare numbers compared or given as a range ("runs 66 to 85", "422 against 404"), unless they count seconds or things. */
    private static final Pattern COMPARED = Pattern.compile(BEFORE + NUMBER + "((?:\\s*(?:to|–|against)\\s*"
            + MORE_NUMBERS + ")+)" + "(?![\\w.,]*\\d)(?!\\s?(?:s|min|h|threads?|callers?|JVMs?|runs?|forks?|"
            + "pairs?|cores?|CPUs?|vCPUs?|connections|iterations|times)\\b)");
    private static final Pattern SEPARATED = Pattern.compile(BEFORE + "(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?)" + AFTER);
    private static final Pattern DECIMAL = Pattern.compile(BEFORE + "(\\d+\\.\\d+)" + AFTER);
    private static final Pattern ANY_NUMBER = Pattern.compile(NUMBER);
    /** A version follows its product's name ("Boot 3.5", "JDK 17.0.15"): not a figure. */
    private static final Pattern VERSION_CONTEXT = Pattern.compile(
            "(?i)(?:boot|jdk|java|openjdk|logback|log4j2?|log4j-core|disruptor|jmh|license|version|release|than|starter:|v)"
            + "[\\s|(]*$");
    /** ... or a qualifier ("1.3 or newer", "3.5 and 4.x"). */
    private static final Pattern VERSION_AFTER = Pattern.compile("^\\s*(?:or newer|or older|and \\d+\\.x)");
    /** Code spans, link targets, HTML comments and the dotted versions of dependencies are not read. */
    private static final Pattern UNREAD = Pattern.compile("`[^`]*`|\\]\\([^)]*\\)|<!--.*?-->|\\b\\d+(?:\\.\\d+){2,}\\b");

    private TracedFigures() {
    }

    /** The figures of one line of a page (outside fenced blocks: the caller skips those). */
    static List<Figure> figures(String line) {
        String text = blank(line);
        List<Figure> figures = new ArrayList<>();
        boolean[] taken = new boolean[text.length()];
        for (Pattern ratio : List.of(RATIO_BEFORE, RATIO_AFTER)) {
            Matcher m = ratio.matcher(text);
            while (m.find()) {
                take(taken, m.start(), m.end());
                figures.add(figure(m.group(), Kind.RATIO, m.group(1), ""));
            }
        }
        Matcher unit = WITH_UNIT.matcher(text);
        while (unit.find()) {
            if (isTaken(taken, unit.start(), unit.end()) || isVersion(text, unit.start(), unit.end())) {
                continue;
            }
            take(taken, unit.start(), unit.end());
            String suffix = unit.group(3);
            Kind kind = suffix.equals("%") ? Kind.PERCENT : Kind.AMOUNT;
            figures.add(figure(unit.group(1) + " " + suffix, kind, unit.group(1), suffix));
            Matcher more = ANY_NUMBER.matcher(unit.group(2));
            while (more.find()) {
                figures.add(figure(more.group() + " " + suffix, kind, more.group(), suffix));
            }
        }
        Matcher compared = COMPARED.matcher(text);
        while (compared.find()) {
            if (isTaken(taken, compared.start(), compared.end()) || isVersion(text, compared.start(), compared.end())) {
                continue;
            }
            take(taken, compared.start(), compared.end());
            Matcher each = ANY_NUMBER.matcher(compared.group());
            while (each.find()) {
                figures.add(figure(each.group(), Kind.AMOUNT, each.group(), ""));
            }
        }
        for (Pattern bare : List.of(SEPARATED, DECIMAL)) {
            Matcher m = bare.matcher(text);
            while (m.find()) {
                if (isTaken(taken, m.start(), m.end()) || isVersion(text, m.start(), m.end())) {
                    continue;
                }
                take(taken, m.start(), m.end());
                figures.add(figure(m.group(1), Kind.AMOUNT, m.group(1), ""));
            }
        }
        return figures;
    }

    /**
     * Every number of the reports and appendices, as a figure: a ratio or a percentage where it is written as one, any
     * other number (whatever follows it) as an amount, scaled by its {@code k} or {@code M}.
     */
    static List<Figure> reportNumbers(String text) {
        List<Figure> numbers = new ArrayList<>();
        Matcher m = Pattern.compile("(×)?" + NUMBER + "(×)?(\\s?(?:M/s|k/s|M\\b|k\\b|%))?").matcher(text);
        while (m.find()) {
            String suffix = m.group(4) == null ? "" : m.group(4).strip();
            Kind kind = m.group(1) != null || m.group(3) != null ? Kind.RATIO
                    : suffix.equals("%") ? Kind.PERCENT : Kind.AMOUNT;
            numbers.add(figure(m.group(), kind, m.group(2), kind == Kind.RATIO ? "" : suffix));
        }
        return numbers;
    }

    /** Whether one of the reports' numbers traces {@code figure} (see the class comment). */
    static boolean traced(Figure figure, List<Figure> reportNumbers) {
        boolean rounding = figure.significantDigits() >= 3;
        int decimals = Math.max(0, figure.written().scale());
        for (Figure number : reportNumbers) {
            if (number.kind() != figure.kind()) {
                continue;
            }
            if (number.value().compareTo(figure.value()) == 0) {
                return true;
            }
            if (rounding && number.value().divide(figure.factor()).setScale(decimals, RoundingMode.HALF_UP)
                    .compareTo(figure.written()) == 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code allowed} (figure text to reason) names this figure of this page's line. */
    static boolean allowed(Figure figure, String line, Map<String, String> allowed) {
        for (String entry : allowed.keySet()) {
            int bar = entry.indexOf(" | ");
            String text = bar < 0 ? entry : entry.substring(0, bar);
            String context = bar < 0 ? "" : entry.substring(bar + 3);
            if (text.equals(figure.text()) && line.contains(context)) {
                return true;
            }
        }
        return false;
    }

    private static Figure figure(String text, Kind kind, String number, String suffix) {
        BigDecimal written = new BigDecimal(number.replace(",", ""));
        BigDecimal factor = switch (suffix) {
            case "M", "M/s" -> BigDecimal.valueOf(1_000_000);
            case "k", "k/s" -> BigDecimal.valueOf(1_000);
            default -> BigDecimal.ONE;
        };
        return new Figure(kind == Kind.RATIO ? "×" + number : text.strip(), kind, written, factor);
    }

    private static boolean isVersion(String text, int start, int end) {
        return VERSION_CONTEXT.matcher(text.substring(Math.max(0, start - 20), start)).find()
                || VERSION_AFTER.matcher(text.substring(end)).find();
    }

    private static String blank(String line) {
        StringBuilder out = new StringBuilder(line);
        Matcher unread = UNREAD.matcher(line);
        while (unread.find()) {
            for (int i = unread.start(); i < unread.end(); i++) {
                out.setCharAt(i, ' ');
            }
        }
        return out.toString().replace("**", "  ");
    }

    private static void take(boolean[] taken, int start, int end) {
        for (int i = start; i < end; i++) {
            taken[i] = true;
        }
    }

    private static boolean isTaken(boolean[] taken, int start, int end) {
        for (int i = start; i < end; i++) {
            if (taken[i]) {
                return true;
            }
        }
        return false;
    }
}
