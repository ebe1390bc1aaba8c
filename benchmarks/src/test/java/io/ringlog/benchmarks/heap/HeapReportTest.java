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

        assertThat(report).contains("| Logback, Ringlog `RingAsyncAppender`, default byte bound | 2.00 | 322.00 | 40.00 | 8,192 | ×2.00 |");
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
                .contains("| Log4j2, Ringlog `<RingAsync>`, default byte bound ⚠ |").doesNotContain("Every queue was full");
    }

    /**
     * A queue the byte bound filled: its events held are the queued ones and the waiting one; the bound in effect, the
     * estimated KiB queued and the estimate against the measured heap per event are shown for each Ringlog row.
     */
    @Test
    void aQueueTheByteBoundFilledShowsTheBoundAndTheEstimateAgainstTheMeasurement() {
        Map<HeapVariant, Properties> runs = new EnumMap<>(HeapVariant.class);
        Properties bounded = run(10 * MIB, 12 * MIB, 12 * MIB + 2640 * 40 * 1024L, 2640, "");
        bounded.setProperty("queued", "2639");
        bounded.setProperty("capacity", "8192");
        bounded.setProperty("remaining", "5553");
        bounded.setProperty("filled", "bytes");
        bounded.setProperty("jvm.maxHeap", Long.toString(1980 * MIB));
        bounded.setProperty("maxQueueBytes", Long.toString(1980 * MIB / 16));
        bounded.setProperty("estimate.bytes", "49152.0");
        bounded.setProperty("estimate.queuedKib", "126672");
        bounded.setProperty("estimate.boundKib", "126720");
        runs.put(HeapVariant.LOGBACK_RINGLOG, bounded);
        Properties unbounded = run(10 * MIB, 12 * MIB, 12 * MIB + 8192 * 40 * 1024L, 8192, "");
        unbounded.setProperty("filled", "slots");
        unbounded.setProperty("maxQueueBytes", "0");
        unbounded.setProperty("estimate.bytes", "40960.0");
        unbounded.setProperty("estimate.queuedKib", "327680");
        runs.put(HeapVariant.LOGBACK_RINGLOG_UNBOUNDED, unbounded);

        String report = HeapReport.render(runs, List.of(), new Properties(), "benchmarks/heap-held");

        assertThat(report)
                .contains("| Logback, Ringlog `RingAsyncAppender`, default byte bound | 2.00 | 105.13 | 40.00 | 2,640 |  |")
                .contains("| Logback, Ringlog `RingAsyncAppender`, default byte bound | 123.75 MiB (max heap 1980 MiB ÷ 16) | "
                        + "byte bound, producer waiting | 2,639 | 126,672 of 126,720 | 48.00 | 40.00 | ×1.20 |")
                .contains("| Logback, Ringlog `RingAsyncAppender`, `maxQueueBytes=0` | 0 (off) | slots | 8,192 | 327,680 | 40.00 | 40.00 | ×1.00 |")
                .contains("| Logback, Ringlog `RingAsyncAppender`, default byte bound | 10.00 | byte bound, producer waiting | 2,639 of 8,192 | 5,553 |");
    }

    /**
     * Each row docs/benchmarks.md quotes (idle, full queue, per event, events held; the estimate, the measurement and
     * their ratio) is a row of the report it links first (the current run; an earlier one may be linked after it).
     */
    @Test
    void theResultsPageQuotesTheCommittedReport() throws IOException {
        String page = Files.readString(ROOT.resolve("docs/benchmarks.md"), StandardCharsets.UTF_8);
        int start = page.indexOf("### Memory held by a full queue");
        assertThat(start).isNotNegative();
        String section = page.substring(start, page.indexOf("\n## ", start));
        Matcher link = Pattern.compile("\\(benchmarks/(heap-[\\w-]+-report\\.md)\\)").matcher(section);
        assertThat(link.find()).as("the section links its report").isTrue();
        String report = Files.readString(ROOT.resolve("docs/benchmarks/" + link.group(1)), StandardCharsets.UTF_8);

        List<String> quoted = figures(section);
        List<String> measured = figures(report);
        assertThat(quoted).hasSizeGreaterThanOrEqualTo(HeapVariant.values().length);
        assertThat(measured).containsAll(quoted);
        List<String> quotedEstimates = estimates(section);
        assertThat(quotedEstimates).as("the section quotes the estimate against the measurement").isNotEmpty();
        assertThat(estimates(report)).containsAll(quotedEstimates);
    }

    /** The last three cells of every table row that ends in estimate KiB, measured KiB and their ratio ({@code ×1.11}). */
    private static List<String> estimates(String markdown) {
        Pattern row = Pattern.compile("^\\|.*?\\| ([\\d.]+) \\| ([\\d.]+) \\| (×[\\d.]+) \\|$", Pattern.MULTILINE);
        List<String> figures = new ArrayList<>();
        Matcher matcher = row.matcher(markdown);
        while (matcher.find()) {
            figures.add(matcher.group(1) + " " + matcher.group(2) + " " + matcher.group(3));
        }
        return figures;
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
