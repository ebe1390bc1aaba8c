package io.ringlog.benchmarks.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.ringlog.benchmarks.report.Plan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The pages people read cannot drift from the repository: README.md, docs/*.md (and the appendix pages under
 * docs/benchmarks/), examples/README.md and benchmarks/README.md. Every relative link and anchor resolves; every path a
 * command names exists; every meter quoted is one the code registers; every version of an {@code io.ringlog} artifact is
 * the POM's; every run time and plan size quoted for {@code benchmarks/run} is the one {@link Plan} computes. Each
 * failure names the file and line that drifted. (Status messages are checked by each adapter's
 * {@code ConfigurationReferenceTest}, against the adapter's own code.)
 */
class DocsDriftTest {

    /** The repository's root: the benchmarks module's tests run in {@code benchmarks/}. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** The project's own GitHub address: a link into it is a link to a file of this repository. */
    private static final String OWN_BLOB = "https://github.com/ringlog/ringlog/blob/main/";

    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a (?:id|name)=\"([^\"]+)\"");
    /** An internal work item ("issue 10", "issue #3") or a path that exists on one machine only. */
    private static final Pattern INTERNAL = Pattern.compile("(?i)\\bissue #?\\d+|(?<![\\w.$])/(?:usr/lib|tmp|home)/[\\w./-]*");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern REPO_PATH = Pattern.compile(
            "(?<![\\w./-])(?:\\./)?(?:mvnw|\\.ci/[\\w.-]+|(?:benchmarks|core|docs|examples|jcstress|logback-adapter|log4j2-adapter"
            + "|micrometer|bom)/[\\w./-]*)");
    private static final Pattern MODULE_LIST = Pattern.compile("-pl\\s+\"?([\\w./,-]+)");
    private static final Pattern CLASS_NAME = Pattern.compile("\\bio\\.ringlog(?:\\.[a-z0-9]+)+\\.[A-Z]\\w*");
    private static final Pattern METER = Pattern.compile("^ringlog(?:\\.[a-z0-9]+)+$");
    private static final Pattern VERSION_AFTER_GROUP = Pattern.compile(
            "<groupId>io\\.ringlog</groupId>\\s*<artifactId>([\\w-]+)</artifactId>(?:\\s|<!--.*?-->)*<version>([^<]+)</version>");
    private static final Pattern COORDINATES = Pattern.compile("\\bio\\.ringlog:(ringlog-[\\w-]+):(\\d[\\w.-]*)");
    private static final Pattern RUN_COMMAND = Pattern.compile("`benchmarks/run(?: (smoke|quick|full))?`");
    private static final Pattern MINUTES = Pattern.compile("(?:~|about )(\\d+) min");
    private static final Pattern RERUN_MINUTES = Pattern.compile("up to ~?(\\d+) min (?:per|for each) stage");
    private static final Pattern TRIALS = Pattern.compile("\\b(\\d{2,4}) trials\\b");
    private static final Pattern SCRIPT_USAGE = Pattern.compile("^#\\s+benchmarks/run (\\[quick\\]|smoke|full)\\s.*?~(\\d+) min");

    private final List<String> problems = new ArrayList<>();

    /** The pages a user reads: their links, commands, meters, versions and run times are all checked. */
    static List<Path> userPages() {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("examples/README.md"),
                ROOT.resolve("benchmarks/README.md")));
        pages.addAll(markdownIn(ROOT.resolve("docs")));
        return pages;
    }

    /** The appendix pages and committed reports under docs/benchmarks/: their links and paths are checked. */
    static List<Path> archivePages() {
        return markdownIn(ROOT.resolve("docs/benchmarks"));
    }

    @Test
    void everyRelativeLinkAndAnchorResolves() {
        int[] links = {0};
        forEachLine(concat(userPages(), archivePages()), (page, line, text, fenced) -> {
            if (fenced) {
                return;
            }
            Matcher link = LINK.matcher(text.replaceAll("`[^`]*`", "``"));
            while (link.find()) {
                links[0]++;
                checkLink(page, line, link.group(1));
            }
        });
        assertThat(links[0]).as("links checked").isGreaterThan(100);
        assertNone();
    }

    @Test
    void everyPathACommandNamesExists() {
        int[] paths = {0};
        forEachLine(concat(userPages(), archivePages()), (page, line, text, fenced) -> {
            List<String> code = new ArrayList<>();
            if (fenced) {
                code.add(text);
            } else {
                Matcher span = CODE_SPAN.matcher(text);
                while (span.find()) {
                    code.add(span.group(1));
                }
            }
            for (String snippet : code) {
                paths[0] += checkPaths(page, line, snippet);
            }
        });
        assertThat(paths[0]).as("paths checked").isGreaterThan(50);
        assertNone();
    }

    /** The front pages whose every measured figure must be in a committed report under docs/benchmarks/. */
    static List<Path> frontPages() {
        return List.of(ROOT.resolve("README.md"), ROOT.resolve("docs/benchmarks.md"));
    }

    /**
     * Figures of the front pages that are not measurements of a committed run, each with its reason; a key is the figure
     * as {@link TracedFigures} writes it, then {@code " | "} and a piece of the line it stands on.
     */
    static final Map<String, String> NOT_MEASURED = Map.of(
            "13.2 KiB | the stack trace's text",
            "the heap report's figures subtracted: 42.67 KiB an event with both files, less 12.46 (the event alone), less"
            + " the two encoded arrays of 8,716 bytes (17.0 KiB)");

    /**
     * Every figure of a front page that reads as a measurement ({@link TracedFigures}) is in a committed report or
     * appendix under docs/benchmarks/ that the same section links to: the page says where each number comes from, and a
     * number no report holds (a run that was never committed, a ratio worked out by hand) fails. A section runs from one
     * heading to the next.
     */
    @Test
    void everyMeasuredFigureOnTheFrontPagesIsInAReportItsSectionLinks() {
        int figures = 0;
        for (Path page : frontPages()) {
            List<String> lines = read(page);
            int start = 0;
            for (int i = 1; i <= lines.size(); i++) {
                if (i == lines.size() || lines.get(i).startsWith("#") && !insideFence(lines, i)) {
                    figures += checkFigures(page, lines, start, i);
                    start = i;
                }
            }
        }
        assertThat(figures).as("figures checked").isGreaterThan(200);
        assertNone();
    }

    private int checkFigures(Path page, List<String> lines, int from, int to) {
        List<TracedFigures.Figure> reports = new ArrayList<>();
        Path archive = ROOT.resolve("docs/benchmarks");
        for (int i = from; i < to; i++) {
            Matcher link = LINK.matcher(lines.get(i));
            while (link.find()) {
                String target = link.group(1).replaceFirst("#.*$", "");
                Path file = target.matches("^[a-z]+:.*") ? null : page.getParent().resolve(target).normalize();
                if (file != null && file.startsWith(archive) && (target.endsWith(".md") || target.endsWith(".txt"))
                        && Files.exists(file)) {
                    reports.addAll(REPORT_NUMBERS.computeIfAbsent(file,
                            f -> TracedFigures.reportNumbers(String.join("\n", read(f)))));
                }
            }
        }
        int checked = 0;
        for (int i = from; i < to; i++) {
            if (insideFence(lines, i) || lines.get(i).startsWith("```")) {
                continue;
            }
            for (TracedFigures.Figure figure : TracedFigures.figures(lines.get(i))) {
                checked++;
                if (!TracedFigures.traced(figure, reports) && !TracedFigures.allowed(figure, lines.get(i), NOT_MEASURED)) {
                    problem(page, i + 1, "the figure " + figure.text() + " is in no committed report that this section links"
                            + " to: link the report under docs/benchmarks/ that holds it, quote its figure, or take it out");
                }
            }
        }
        return checked;
    }

    private static final Map<Path, List<TracedFigures.Figure>> REPORT_NUMBERS = new HashMap<>();

    private static boolean insideFence(List<String> lines, int index) {
        boolean fence = false;
        for (int i = 0; i < index; i++) {
            if (lines.get(i).startsWith("```")) {
                fence = !fence;
            }
        }
        return fence;
    }

    /** What a check does with one line of a page: its number, its text, and whether it is inside a fenced block. */
    private interface LineCheck {
        void check(Path page, int line, String text, boolean fenced);
    }

    /** Calls {@code check} for every line of every page but the fences themselves. */
    private static void forEachLine(List<Path> pages, LineCheck check) {
        for (Path page : pages) {
            List<String> lines = read(page);
            boolean fence = false;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith("```")) {
                    fence = !fence;
                    continue;
                }
                check.check(page, i + 1, lines.get(i), fence);
            }
        }
    }

    @Test
    void noPageNamesAWorkItemOrAPathOfOneMachine() {
        forEachLine(concat(userPages(), archivePages()), (page, line, text, fenced) -> {
            if (page.getFileName().toString().endsWith("-report.md")) {
                return; // a generated report quotes its run as it was
            }
            Matcher internal = INTERNAL.matcher(text);
            if (internal.find()) {
                problem(page, line, "`" + internal.group() + "` means nothing to a reader: say what was changed or measured,"
                        + " or use a path in the repository");
            }
        });
        assertNone();
    }

    @Test
    void everyQuotedMeterIsOneTheCodeRegisters() {
        String code = javaSources(ROOT.resolve("micrometer/src/main/java"));
        int meters = 0;
        for (Path page : userPages()) {
            List<String> lines = read(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher span = CODE_SPAN.matcher(lines.get(i));
                while (span.find()) {
                    String name = span.group(1);
                    if (!METER.matcher(name).matches() || !isMeterName(name)) {
                        continue;
                    }
                    meters++;
                    if (!code.contains("\"" + name + "\"")) {
                        problem(page, i + 1, "the meter `" + name + "` is not one micrometer/src/main/java registers");
                    }
                }
            }
        }
        assertThat(meters).as("meters checked").isGreaterThan(8);
        assertNone();
    }

    @Test
    void everyVersionOfARinglogArtifactIsThePomsVersion() {
        String version = projectVersion();
        int checked = 0;
        for (Path page : userPages()) {
            String text = String.join("\n", read(page));
            for (Pattern pattern : List.of(VERSION_AFTER_GROUP, COORDINATES)) {
                Matcher found = pattern.matcher(text);
                while (found.find()) {
                    checked++;
                    if (!found.group(2).strip().equals(version)) {
                        problem(page, lineOf(text, found.start(2)), "io.ringlog:" + found.group(1) + " is quoted at version "
                                + found.group(2) + ", but the POM's project version is " + version);
                    }
                }
            }
        }
        assertThat(checked).as("versions checked").isGreaterThan(0);
        assertNone();
    }

    @Test
    void everyRunTimeAndPlanSizeQuotedIsThePlans() {
        int checked = 0;
        for (Path page : userPages()) {
            List<String> lines = read(page);
            for (int i = 0; i < lines.size(); i++) {
                checked += checkRunTimes(page, i + 1, lines.get(i));
            }
        }
        Path script = ROOT.resolve("benchmarks/run");
        List<String> lines = read(script);
        for (int i = 0; i < lines.size(); i++) {
            Matcher usage = SCRIPT_USAGE.matcher(lines.get(i));
            if (usage.find()) {
                checked++;
                Plan plan = Plan.named(usage.group(1).equals("[quick]") ? "quick" : usage.group(1));
                expectMinutes(script, i + 1, plan, Long.parseLong(usage.group(2)));
            }
        }
        assertThat(checked).as("run times and plan sizes checked").isGreaterThan(5);
        assertNone();
    }

    private int checkRunTimes(Path page, int line, String text) {
        int checked = 0;
        Matcher command = RUN_COMMAND.matcher(text);
        List<int[]> starts = new ArrayList<>();
        List<Plan> plans = new ArrayList<>();
        while (command.find()) {
            starts.add(new int[] {command.start(), command.end()});
            plans.add(Plan.named(command.group(1) == null ? "quick" : command.group(1)));
        }
        for (int k = 0; k < starts.size(); k++) {
            // What follows this command, up to the next command of another plan or the end of the sentence or cell.
            int end = k + 1 < starts.size() && !plans.get(k + 1).name().equals(plans.get(k).name()) ? starts.get(k + 1)[0] : text.length();
            String scope = text.substring(starts.get(k)[1], end);
            int stop = scope.indexOf(". ");
            scope = stop >= 0 ? scope.substring(0, stop) : scope;
            Plan plan = plans.get(k);
            Matcher rerun = RERUN_MINUTES.matcher(scope);
            String rest = scope;
            if (rerun.find()) {
                checked++;
                if (Long.parseLong(rerun.group(1)) != plan.rerunMinutes()) {
                    problem(page, line, "`benchmarks/run " + plan.name() + "` re-runs a stage in up to " + plan.rerunMinutes()
                            + " min by Plan." + plan.name() + "().rerunMinutes(), the page says " + rerun.group(1));
                }
                rest = scope.substring(0, rerun.start()) + scope.substring(rerun.end());
            }
            Matcher minutes = MINUTES.matcher(rest);
            if (minutes.find()) {
                checked++;
                expectMinutes(page, line, plan, Long.parseLong(minutes.group(1)));
            }
            Matcher trials = TRIALS.matcher(scope);
            if (trials.find()) {
                checked++;
                if (Integer.parseInt(trials.group(1)) != plan.trials()) {
                    problem(page, line, "`benchmarks/run " + plan.name() + "` runs " + plan.trials() + " trials by Plan."
                            + plan.name() + "().trials(), the page says " + trials.group(1));
                }
            }
        }
        return checked;
    }

    private void expectMinutes(Path page, int line, Plan plan, long quoted) {
        if (quoted != plan.estimatedMinutes()) {
            problem(page, line, "`benchmarks/run " + plan.name() + "` takes about " + plan.estimatedMinutes() + " min by Plan."
                    + plan.name() + "().estimatedMinutes(), the page says " + quoted);
        }
    }

    private void checkLink(Path page, int line, String target) {
        Path base = page.getParent();
        if (target.startsWith(OWN_BLOB)) {
            base = ROOT;
            target = target.substring(OWN_BLOB.length());
        } else if (target.matches("^[a-z]+:.*")) {
            return; // another site
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : base.resolve(file).normalize();
        if (!Files.exists(resolved)) {
            problem(page, line, "the link `" + target + "` points to " + ROOT.relativize(resolved) + ", which does not exist");
            return;
        }
        if (anchor != null && resolved.toString().endsWith(".md") && !anchors(resolved).contains(anchor)) {
            problem(page, line, "the link `" + target + "` names the anchor #" + anchor + ", which no heading of "
                    + ROOT.relativize(resolved) + " makes");
        }
    }

    private int checkPaths(Path page, int line, String code) {
        int checked = 0;
        Matcher path = REPO_PATH.matcher(code);
        while (path.find()) {
            String found = path.group().replaceAll("[.,:;)]+$", "");
            if (found.contains("/target/") || found.contains("/results/") || found.endsWith("/target") || found.endsWith("/")
                    && found.length() < 3) {
                continue;
            }
            int next = path.end();
            if (next < code.length() && "<*{$[%".indexOf(code.charAt(next)) >= 0) {
                continue; // a pattern or a placeholder, not a path
            }
            checked++;
            if (!Files.exists(ROOT.resolve(found))) {
                problem(page, line, "`" + found + "` (in `" + abbreviate(code) + "`) does not exist in the repository");
            }
        }
        Matcher modules = MODULE_LIST.matcher(code);
        while (modules.find()) {
            for (String module : modules.group(1).split(",")) {
                checked++;
                if (!Files.exists(ROOT.resolve(module).resolve("pom.xml"))) {
                    problem(page, line, "`-pl " + modules.group(1) + "` names " + module + ", which is not a module");
                }
            }
        }
        Matcher type = CLASS_NAME.matcher(code);
        while (type.find()) {
            checked++;
            if (!classExists(type.group())) {
                problem(page, line, "the class " + type.group() + " is in no module's sources");
            }
        }
        return checked;
    }

    private static boolean isMeterName(String name) {
        return name.startsWith("ringlog.events.") || name.startsWith("ringlog.queue.") || name.startsWith("ringlog.callers.");
    }

    private static final Map<Path, Set<String>> ANCHORS = new HashMap<>();

    /** The anchors GitHub makes for a page's headings: lower case, punctuation dropped, spaces as hyphens, -1, -2 for repeats. */
    static Set<String> anchors(Path page) {
        return ANCHORS.computeIfAbsent(page, p -> {
            Set<String> anchors = new TreeSet<>();
            Map<String, Integer> seen = new HashMap<>();
            boolean fence = false;
            for (String line : read(p)) {
                if (line.startsWith("```")) {
                    fence = !fence;
                }
                Matcher html = HTML_ANCHOR.matcher(line);
                while (!fence && html.find()) {
                    anchors.add(html.group(1));
                }
                if (fence || !line.startsWith("#")) {
                    continue;
                }
                String slug = slug(line.replaceFirst("^#+\\s*", ""));
                int count = seen.merge(slug, 1, Integer::sum);
                anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
            return anchors;
        });
    }

    static String slug(String heading) {
        String text = heading.strip().toLowerCase(Locale.ROOT).replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
        return text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    private static boolean classExists(String name) {
        String file = name.replace('.', '/') + ".java";
        try (Stream<Path> modules = Files.walk(ROOT, 5)) {
            return modules.filter(p -> p.endsWith("java") && p.getParent() != null && p.getParent().getParent() != null
                            && p.getParent().getParent().getFileName().toString().equals("src"))
                    .anyMatch(sources -> Files.exists(sources.resolve(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String projectVersion() {
        String pom = String.join("\n", read(ROOT.resolve("pom.xml")));
        Matcher version = Pattern.compile("<artifactId>ringlog-parent</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        assertThat(version.find()).as("the parent POM's version").isTrue();
        return version.group(1);
    }

    private static String javaSources(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).map(f -> String.join("\n", read(f)))
                    .collect(Collectors.joining("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> markdownIn(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".md")).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> concat(List<Path> a, List<Path> b) {
        List<Path> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int lineOf(String text, int offset) {
        return (int) text.substring(0, offset).chars().filter(c -> c == '\n').count() + 1;
    }

    private static String abbreviate(String code) {
        return code.length() <= 80 ? code.strip() : code.strip().substring(0, 77) + "...";
    }

    private void problem(Path page, int line, String sentence) {
        problems.add(ROOT.relativize(page) + ":" + line + ": " + sentence);
    }

    private void assertNone() {
        if (!problems.isEmpty()) {
            fail(problems.size() + " place(s) where the docs drifted from the repository:\n" + String.join("\n", problems));
        }
    }
}
