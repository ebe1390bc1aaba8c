package io.ringlog.benchmarks.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The heap report's table from the readings, its verdict when a check failed, and the figures
 * {@code docs/benchmarks.md} quotes from the committed report.
 */
class HeapReportTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final long MIB = 1024 * 1024;

    @Test
    void aRowGivesTheHeapAboveTheStartAndPerEventHeldAndTheRatioToTheStockAppender() {
        Map<HeapVariant, Properties> runs = new EnumMap<>(HeapVariant.class);
        runs.put(HeapVariant.LOGBACK_RINGLOG, run(10 * MIB, 12 * MIB, 12 * MIB + 8192 * 40 * 1024L, 8192, ""));
        runs.put(HeapVariant.LOGBACK_ASYNC, run(10 * MIB, 11 * MIB, 11 * MIB + 8193 * 20 * 1024L, 8193, ""));

        String report = HeapReport.render(runs, List.of(), new Properties(), "benchmarks/heap-held");

        assertThat(report).contains("| Logback, Ringlog `RingAsyncAppender` | 2.00 | 322.00 | 40.00 | 8,192 | ×2.00 |");
        assertThat(report).contains("| Logback, stock `AsyncAppender` (files beside it) | 1.00 | 161.02 | 20.00 | 8,193 |  |");
        assertThat(report).contains("Every queue was full").contains("Command: `benchmarks/heap-held`");
    }

    @Test
    void aFailedCheckHeadsTheReportAndMarksTheRow() {
        Map<HeapVariant, Properties> runs = new EnumMap<>(HeapVariant.class);
        runs.put(HeapVariant.LOG4J2_RINGLOG, run(0, MIB, 2 * MIB, 256, "the queue was not full: 255 of 256 queued, 1 free"));

        String report = HeapReport.render(runs, List.of("log4j2-ringlog: the queue was not full: 255 of 256 queued, 1 free"),
                new Properties(), "benchmarks/heap-held smoke");

        assertThat(report).contains("**CHECK FAILED**").contains("- log4j2-ringlog: the queue was not full")
                .contains("| Log4j2, Ringlog `<RingAsync>` ⚠ |").doesNotContain("Every queue was full");
    }

    /** Each row docs/benchmarks.md quotes (idle, full queue, per event, events held) is a row of the report it links. */
    @Test
    void theResultsPageQuotesTheCommittedReport() throws IOException {
        String page = Files.readString(ROOT.resolve("docs/benchmarks.md"), StandardCharsets.UTF_8);
        int start = page.indexOf("### Memory held by a full queue");
        assertThat(start).isNotNegative();
        String section = page.substring(start, page.indexOf("\n## ", start));
        Matcher link = Pattern.compile("\\(benchmarks/(heap-[\\d-]+-report\\.md)\\)").matcher(section);
        assertThat(link.find()).as("the section links its report").isTrue();
        String report = Files.readString(ROOT.resolve("docs/benchmarks/" + link.group(1)), StandardCharsets.UTF_8);

        List<String> quoted = figures(section);
        List<String> measured = figures(report);
        assertThat(quoted).hasSizeGreaterThanOrEqualTo(HeapVariant.values().length);
        assertThat(measured).containsAll(quoted);
    }

    /** The last four cells of every table row whose cells end in four numbers. */
    private static List<String> figures(String markdown) {
        Pattern row = Pattern.compile("^\\|.*?\\| ([\\d.,]+) \\| ([\\d.,]+) \\| ([\\d.,]+) \\| ([\\d,]+) \\|(?: [^|]* \\|)?$",
                Pattern.MULTILINE);
        List<String> figures = new ArrayList<>();
        Matcher matcher = row.matcher(markdown);
        while (matcher.find()) {
            figures.add(matcher.group(1) + " " + matcher.group(2) + " " + matcher.group(3) + " " + matcher.group(4));
        }
        return figures;
    }

    private static Properties run(long before, long idle, long full, long logged, String problems) {
        Properties run = new Properties();
        run.setProperty("heap.before", Long.toString(before));
        run.setProperty("heap.idle", Long.toString(idle));
        run.setProperty("heap.full", Long.toString(full));
        run.setProperty("logged", Long.toString(logged));
        run.setProperty("queued", Long.toString(logged));
        run.setProperty("capacity", Long.toString(logged));
        run.setProperty("remaining", "0");
        run.setProperty("delivered", Long.toString(logged));
        run.setProperty("queue", Long.toString(logged));
        run.setProperty("frames", "120");
        run.setProperty("problems", problems);
        return run;
    }
}
