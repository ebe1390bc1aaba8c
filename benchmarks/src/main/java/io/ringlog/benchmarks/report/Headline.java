package io.ringlog.benchmarks.report;

import io.ringlog.benchmarks.log4j2.Log4j2Contender;
import io.ringlog.benchmarks.logback.LogbackContender;
import io.ringlog.benchmarks.support.Contender;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The headline charts: the lossless contenders only, in words, each with its ratios against the stock appender and
 * against synchronous logging from the same run. {@link Report} and {@link ServiceReport} draw them from a run's
 * results; {@link #main} draws them again from a report already rendered (the tables of {@code report.md} or
 * {@code service-report.md}), which is how the charts under {@code docs/} are made from the reports committed there:
 * <pre>
 *   java -cp benchmarks/target/benchmarks.jar io.ringlog.benchmarks.report.Headline jmh REPORT.md OUT.png SINK THREADS
 *   java -cp benchmarks/target/benchmarks.jar io.ringlog.benchmarks.report.Headline service REPORT.md OUT.png FLAVOUR
 * </pre>
 */
public final class Headline {

    /** The service's variants in words, in the order the charts show them. */
    static final Map<String, String> SERVICE_VARIANTS = labels();
    static final String FOOTNOTE = "Lossless setups only (lossy ones, which count the calls they dropped, are in the"
            + " detailed report). Ratios: against the stock appender and synchronous logging of the same run.";
    /** The service charts' footnote: Spring Boot's default logging is compared with itself, the starter off. */
    static final String SERVICE_FOOTNOTE = "Lossless setups only. Ratios: against the stock appender and synchronous logging of the"
            + " same run; Spring Boot's default logging against the same Boot logging with the starter off.";

    private static final Pattern RATE = Pattern.compile("([0-9.]+) (M|k)?/s");
    private static final Pattern ENV_ROW = Pattern.compile("^\\| (CPU|Available processors|Git revision|Started|Mode) \\| (.*) \\|$");

    private Headline() {
    }

    private static Map<String, String> labels() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(ServiceResults.OFF, "logging off (the service's limit)");
        labels.put(ServiceResults.SYNC, "synchronous (no async appender)");
        labels.put(ServiceTargets.STOCK, "stock async appender, 8192, lossless");
        labels.put(ServiceTargets.ASYNC_LOGGERS, "Async Loggers");
        labels.put(ServiceTargets.RINGLOG, "Ringlog");
        labels.put(ServiceTargets.RINGLOG + ServiceVariants.VIRTUAL_SUFFIX, "Ringlog, virtual threads");
        for (String form : ServiceVariants.STARTER_FORMS.keySet()) {
            String boot = form.equals(ServiceVariants.STARTER) ? "Boot default" : "Boot " + form.substring(ServiceVariants.STARTER.length() + 1);
            labels.put(ServiceVariants.synchronousOf(form), boot + ", starter off (synchronous)");
            labels.put(form, boot + " + starter");
            labels.put(form + ServiceVariants.VIRTUAL_SUFFIX, boot + " + starter, virtual threads");
        }
        return labels;
    }

    /** The contenders of a framework, in the order of their enum. */
    static List<Contender> contenders(String framework) {
        return List.of(framework.equals("logback") ? LogbackContender.values() : Log4j2Contender.values());
    }

    /**
     * One group of bars from medians by contender name: the lossless contenders, each with its rate and its ratios
     * against {@code reference} and {@code SYNC}.
     */
    static HeadlineChart.Group jmhGroup(String title, String framework, Map<String, Double> medians) {
        String reference = StageTrust.reference(framework);
        List<HeadlineChart.Bar> bars = new ArrayList<>();
        for (Contender contender : contenders(framework)) {
            String name = ((Enum<?>) contender).name();
            Double value = medians.get(name);
            if (value == null || !contender.lossless()) {
                continue;
            }
            bars.add(new HeadlineChart.Bar(contender.label(), value, Report.rate(value)
                    + ratios(value, medians.get(reference), name.equals(reference), medians.get("SYNC"), name.equals("SYNC")),
                    name.startsWith("RING_")));
        }
        return new HeadlineChart.Group(title, bars);
    }

    /**
     * One group of the service's variants: {@code format} renders a value ("8,703 req/s"). Where higher is better, the
     * hand-written variants carry their ratios against the stock appender and synchronous logging, and Spring Boot's
     * default logging with the starter its ratio against the same Boot logging with the starter off: Boot's logging
     * writes each line twice (console and file) in its own patterns, so the hand-written variants are no baseline for it.
     */
    static HeadlineChart.Group serviceGroup(String title, Map<String, Double> byVariant, String format, boolean higherIsBetter) {
        List<HeadlineChart.Bar> bars = new ArrayList<>();
        for (Map.Entry<String, String> variant : SERVICE_VARIANTS.entrySet()) {
            Double value = byVariant.get(variant.getKey());
            if (value == null || Double.isNaN(value)) {
                continue;
            }
            String key = variant.getKey();
            String ratios = !higherIsBetter ? ""
                    : ServiceVariants.isBootDefault(key) ? starterRatio(value, key, byVariant)
                    : ratios(value, byVariant.get(ServiceTargets.STOCK), key.equals(ServiceTargets.STOCK),
                            byVariant.get(ServiceResults.SYNC), key.equals(ServiceResults.SYNC));
            bars.add(new HeadlineChart.Bar(variant.getValue(), value, String.format(Locale.ROOT, format, value) + ratios,
                    ServiceVariants.isRinglog(key)));
        }
        return new HeadlineChart.Group(title, bars);
    }

    /** A Boot default-logging variant against the same Boot logging with the starter off; none for that variant itself. */
    private static String starterRatio(double value, String variant, Map<String, Double> byVariant) {
        if (ServiceVariants.isStarterOff(variant)) {
            return "";
        }
        Double starterOff = byVariant.get(ServiceVariants.synchronousOf(variant));
        return starterOff == null || starterOff <= 0 ? "" : String.format(Locale.ROOT, "  ×%.2f starter off", value / starterOff);
    }

    private static String ratios(double value, Double stock, boolean isStock, Double sync, boolean isSync) {
        StringBuilder text = new StringBuilder();
        if (stock != null && stock > 0 && !isStock) {
            text.append(String.format(Locale.ROOT, "  ×%.2f stock", value / stock));
        }
        if (sync != null && sync > 0 && !isSync) {
            text.append(String.format(Locale.ROOT, "  ×%.2f sync", value / sync));
        }
        return text.toString();
    }

    /** Redraws a headline chart from a rendered report; see the class comment for the arguments. */
    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        if (args.length < 4 || !(args[0].equals("jmh") && args.length == 5 || args[0].equals("service"))) {
            System.err.println("usage: Headline jmh REPORT.md OUT.png SINK THREADS | Headline service REPORT.md OUT.png FLAVOUR");
            System.exit(1);
        }
        List<String> report = Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8);
        Path out = Path.of(args[2]);
        if (args[0].equals("jmh")) {
            fromJmhReport(report, out, args[3], Integer.parseInt(args[4]));
        } else {
            fromServiceReport(report, out, args[3]);
        }
        System.out.println("Wrote " + out);
    }

    /** The throughput of every framework into {@code sink} at {@code threads}, as the JMH report's tables give it. */
    static void fromJmhReport(List<String> report, Path out, String sink, int threads) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : report) {
            Matcher row = ENV_ROW.matcher(line);
            if (row.matches()) {
                env.putIfAbsent(row.group(1), row.group(2));
            }
        }
        List<HeadlineChart.Group> groups = new ArrayList<>();
        for (String framework : List.of("logback", "log4j2")) {
            Map<String, Double> medians = jmhTable(report, "### " + Report.title(framework) + ", sink " + sink, threads);
            if (!medians.isEmpty()) {
                groups.add(jmhGroup(Report.title(framework), framework, medians));
            }
        }
        if (groups.isEmpty()) {
            throw new IllegalArgumentException("no throughput table for sink " + sink + " at " + threads + " threads");
        }
        String started = env.getOrDefault("Started", "?");
        HeadlineChart.render(out, "Events logged per second, sink " + sink + ", " + threads + (threads == 1 ? " caller thread"
                : " caller threads") + " (higher is better)", env.getOrDefault("CPU", "?") + ", "
                + env.getOrDefault("Available processors", "?") + " CPUs; " + env.getOrDefault("Mode", "?") + " run of "
                + started.substring(0, Math.min(10, started.length())) + ", commit " + env.getOrDefault("Git revision", "?")
                + "; medians", FOOTNOTE, groups);
    }

    /** Medians by contender from the table under {@code heading}, in the column of {@code threads}. */
    static Map<String, Double> jmhTable(List<String> report, String heading, int threads) {
        Map<String, Double> medians = new LinkedHashMap<>();
        int start = report.indexOf(heading);
        if (start < 0) {
            return medians;
        }
        int column = -1;
        for (int i = start + 1; i < report.size() && !report.get(i).startsWith("#"); i++) {
            String line = report.get(i);
            if (!line.startsWith("|") || line.startsWith("|---")) {
                continue;
            }
            String[] cells = line.substring(1, line.length() - 1).split("\\|");
            if (cells[0].strip().equals("contender")) {
                for (int c = 1; c < cells.length; c++) {
                    if (cells[c].strip().startsWith(threads + (threads == 1 ? " thread" : " threads"))) {
                        column = c;
                    }
                }
                continue;
            }
            if (column < 0 || column >= cells.length) {
                continue;
            }
            String contender = cells[0].replace("*", "").strip().split(" ")[0];
            Matcher rate = RATE.matcher(cells[column]);
            if (rate.find()) {
                double scale = "M".equals(rate.group(2)) ? 1e6 : "k".equals(rate.group(2)) ? 1e3 : 1;
                medians.put(contender, Double.parseDouble(rate.group(1)) * scale);
            }
        }
        return medians;
    }

    /** Requests/s of every variant of {@code flavour}, CPU-bound and logging-heavy, from the service report's tables. */
    static void fromServiceReport(List<String> report, Path out, String flavour) throws IOException {
        String machine = report.stream().filter(l -> l.startsWith("Machine: ")).findFirst()
                .map(l -> l.substring("Machine: ".length()).replaceAll("(; services|; each service| \\(one CPU\\)).*$|\\.$", ""))
                .orElse("?");
        String revision = report.stream().filter(l -> l.startsWith("- env.git: ")).findFirst()
                .map(l -> l.substring("- env.git: ".length())).orElse("?");
        String started = report.stream().filter(l -> l.startsWith("- run started: ")).findFirst()
                .map(l -> l.substring("- run started: ".length(), Math.min(l.length(), "- run started: ".length() + 10))).orElse("?");
        String title = Report.title(flavour);
        int section = report.indexOf("## " + title);
        List<HeadlineChart.Group> groups = new ArrayList<>();
        for (String workload : List.of("CPU-bound", "logging-heavy")) {
            Optional<Map<String, Double>> rates = serviceTable(report, section, "### " + workload);
            rates.ifPresent(r -> groups.add(serviceGroup(workload, r, "%,.0f req/s", true)));
        }
        HeadlineChart.render(out, title + " in a web service: requests per second, closed loop (higher is better)",
                machine + "; run of " + started + ", commit " + revision + "; medians", SERVICE_FOOTNOTE, groups);
    }

    /** Requests/s by variant from the first closed-loop table after the heading starting with {@code heading}. */
    static Optional<Map<String, Double>> serviceTable(List<String> report, int from, String heading) {
        for (int i = Math.max(0, from); i < report.size(); i++) {
            if (!report.get(i).startsWith(heading)) {
                continue;
            }
            Map<String, Double> rates = new LinkedHashMap<>();
            for (int k = i + 1; k < report.size() && !report.get(k).startsWith("#"); k++) {
                String line = report.get(k);
                if (!rates.isEmpty() && !line.startsWith("|")) {
                    break; // the closed loop's table is done: the threads' and the open loop's tables follow it
                }
                if (!line.startsWith("|") || line.startsWith("|---") || line.startsWith("| variant")) {
                    continue;
                }
                String[] cells = line.substring(1, line.length() - 1).split("\\|");
                rates.put(cells[0].replace("*", "").strip(), Double.parseDouble(cells[1].replace(",", "").strip()));
            }
            return Optional.of(rates);
        }
        return Optional.empty();
    }
}
