package io.ringlog.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.benchmarks.support.Delivery;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Renders a report from hand-written JMH JSON: tables with ratios, charts as readable PNGs, the verdict. */
class ReportTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void rendersRatiosAgainstTheStockAppenderAndCharts() throws IOException {
        writeRun("quick");
        Files.writeString(dir.resolve("run.properties"), "env.cpu=AMD EPYC 7B13\nenv.cpus=2\n"
                + "env.cpu.topology=2 cores, 1 thread each; virtual machine\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        Files.writeString(dir.resolve("jmh-throughput.json"), "["
                + throughput("SYNC", 1, 2_000_000, 0) + "," + throughput("ASYNC_256", 1, 1_000_000, 0) + ","
                + throughput("SYNC", 2, 3_000_000, 0) + "," + throughput("ASYNC_256", 2, 1_500_000, 0) + ","
                + throughput("RING_DROP_ALL", 2, 6_000_000, 0.25) + "]", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("jmh-latency.json"), "[" + latency("SYNC", 2.0) + "," + latency("ASYNC_256", 4.0) + "]",
                StandardCharsets.UTF_8);

        assertThat(Report.render(dir)).isTrue();

        String report = Files.readString(dir.resolve("report.md"));
        assertThat(report)
                .contains("Command: `benchmarks/run quick`")
                .contains("| SYNC | 2.00 M/s ×2.00 | 3.00 M/s ×2.00 |")
                .contains("| **ASYNC_256** (reference) | 1.00 M/s ×1.00 | 1.50 M/s ×1.00 |")
                .contains("6.00 M/s ×4.00, 25.0% dropped")
                .contains("RING_DROP_ALL (lossy)")
                .contains("![Logback throughput, sink COUNTING](throughput-logback-COUNTING.png)")
                .contains("- **Ringlog delivered every event**")
                .contains("## CPU per event")
                .contains("| SYNC | 500 ns, 1.00 cores | 667 ns, 2.00 cores |")
                .contains("| **ASYNC_256** (reference) | 1000 ns, 1.00 cores | 1333 ns, 2.00 cores |");
        assertThat(report).containsPattern("\\| SYNC \\| 2\\.0 \\|.*\\| ×0\\.50 \\|");
        // The host above the results and under every section that holds a table, so a copied table keeps it.
        String machine = "AMD EPYC 7B13, 2 CPUs (2 cores, 1 thread each; virtual machine)";
        assertThat(report.substring(0, report.indexOf("## Verdict"))).contains("Machine: " + machine + ".");
        for (String section : new String[] {"## Throughput", "## Allocation per call", "## CPU per event", "## Caller latency"}) {
            String body = report.substring(report.indexOf(section));
            assertThat(body.substring(0, body.indexOf("|"))).as(section).contains("Measured on " + machine + ".");
        }
        assertThat(report).contains("## Headline (lossless contenders only)").contains("![Logback headline](headline-logback.png)");
        for (String png : new String[] {"headline-logback.png", "throughput-logback-COUNTING.png", "allocation-logback.png",
                "latency-logback-COUNTING-50000.png"}) {
            BufferedImage image = ImageIO.read(dir.resolve(png).toFile());
            assertThat(image).as(png).isNotNull();
            assertThat(image.getWidth()).isGreaterThan(500);
        }
    }

    @Test
    void aFailedDeliveryCheckMakesTheRunFailAndIsReported() throws IOException {
        writeRun("smoke");
        Files.writeString(dir.resolve("jmh-throughput.json"), "[" + throughput("ASYNC_256", 1, 1_000_000, 0) + "]",
                StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(Delivery.FAILURES_FILE), "logback RING_BLOCK is lossless but delivered 9 of 10 events\n",
                StandardCharsets.UTF_8);

        assertThat(Report.render(dir)).isFalse();
        assertThat(Files.readString(dir.resolve("report.md")))
                .contains("**DELIVERY CHECK FAILED** for Ringlog")
                .contains("delivered 9 of 10 events")
                .contains("**Smoke run**");
    }

    @Test
    void aPeerThatLostEventsIsAFindingAboutThatPeerAndTheRunStaysGreen() throws IOException {
        writeRun("full");
        Files.writeString(dir.resolve("jmh-throughput.json"), "[" + throughput("ASYNC_256", 1, 1_000_000, 0) + ","
                + throughput("RING_BLOCK", 1, 3_000_000, 0) + "]", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(Delivery.FAILURES_FILE), "2026-11-26T11:45:31.072772915Z log4j2 ALL_ASYNC is lossless"
                + " but delivered 11831867 of 11831868 events (1 lost)\n", StandardCharsets.UTF_8);

        assertThat(Report.render(dir)).isTrue();

        String report = Files.readString(dir.resolve("report.md"));
        String verdict = report.substring(report.indexOf("## Verdict"), report.indexOf("## Throughput"));
        assertThat(verdict)
                .startsWith("## Verdict\n\n- **Ringlog delivered every event**: each trial of its lossless contenders delivered"
                        + " exactly what it logged (1 trials checked; 2 trials of all contenders).")
                .contains("- Findings about other libraries")
                .contains("Log4j2 ALL_ASYNC lost 1 of 11,831,868 events in one trial")
                .contains("(" + DeliveryFailure.ASYNC_LOGGERS_EXPLAINED + ")")
                .doesNotContain("DELIVERY CHECK FAILED");
    }

    @Test
    void theExplainedFindingLinksToAPageOfTheRepository() {
        String page = DeliveryFailure.ASYNC_LOGGERS_EXPLAINED.replaceFirst("^https://github.com/ringlog/ringlog/blob/main/", "");
        assertThat(Path.of("..").resolve(page)).as("the page the report links to").isRegularFile();
    }

    @Test
    void aSinkThatReceivedMoreThanWasLoggedIsABrokenRunWhoeverItWas() throws IOException {
        writeRun("quick");
        Files.writeString(dir.resolve("jmh-throughput.json"), "[" + throughput("ASYNC_256", 1, 1_000_000, 0) + "]",
                StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(Delivery.FAILURES_FILE), "logback ASYNC_256: the sink received 11 events but only 10"
                + " were logged\n", StandardCharsets.UTF_8);

        assertThat(Report.render(dir)).isFalse();
        assertThat(Files.readString(dir.resolve("report.md"))).contains("**DELIVERY CHECK FAILED**").doesNotContain("Findings");
    }

    @Test
    void anUntrustedStageIsNamedInTheVerdictAndItsFiguresAreMarked() throws IOException {
        writeRun("quick");
        Files.writeString(dir.resolve("run.properties"), "env.cpus=2\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        Files.writeString(dir.resolve("jmh-throughput.json"), "["
                + throughput("SYNC", 1, 791_000, 0) + "," + throughput("RING_BLOCK", 1, 1_300_000, 0) + ","
                + throughput("ASYNC_256", 1, 330_000, 0) + ","
                + throughput("SYNC", 2, 14_300_000, 0) + "," + throughput("RING_BLOCK", 2, 6_000_000, 0, 0.5) + ","
                + throughput("ASYNC_256", 2, 4_000_000, 0) + "]", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("notes.txt"), "Re-ran Logback throughput, 1 thread once, because of a test.\n",
                StandardCharsets.UTF_8);

        assertThat(Report.render(dir)).isTrue();

        String report = Files.readString(dir.resolve("report.md"));
        String verdict = report.substring(report.indexOf("## Verdict"), report.indexOf("## Throughput"));
        assertThat(verdict)
                .contains("- **UNTRUSTED STAGE: Logback throughput, 1 thread** ⚠: the synchronous appender (the yardstick) made"
                        + " 791 k/s into COUNTING here but 14.30 M/s at 2 threads")
                .contains("- Note: Re-ran Logback throughput, 1 thread once")
                .contains("- Noise: 1 of 6 throughput trials varied by more than 30%")
                .doesNotContain("Logback throughput, 2 threads")
                .doesNotContain("every throughput stage passed");
        assertThat(report)
                .contains("| contender | 1 thread ⚠ | 2 threads |")
                .contains("| RING_BLOCK | 1.30 M/s ×3.94 ⚠ | 6.00 M/s ×1.50 `±50%` |");
    }

    @Test
    void aQuietRunSaysItsStagesPassedTheChecks() throws IOException {
        writeRun("quick");
        Files.writeString(dir.resolve("jmh-throughput.json"), "["
                + throughput("SYNC", 1, 9_000_000, 0) + "," + throughput("ASYNC_256", 1, 2_600_000, 0) + ","
                + throughput("SYNC", 2, 17_000_000, 0) + "," + throughput("ASYNC_256", 2, 4_500_000, 0) + "]",
                StandardCharsets.UTF_8);

        assertThat(Report.render(dir)).isTrue();

        assertThat(Files.readString(dir.resolve("report.md")))
                .contains("- Trust: every throughput stage passed the checks")
                .doesNotContain("UNTRUSTED")
                .doesNotContain("⚠ |")
                .doesNotContain("- Noise:");
    }

    private void writeRun(String mode) throws IOException {
        Files.writeString(dir.resolve("run.properties"), "mode=" + mode + "\ncommand=benchmarks/run " + mode + "\n",
                StandardCharsets.UTF_8);
    }

    private static String throughput(String contender, int threads, double score, double dropped) {
        return throughput(contender, threads, score, dropped, 0.2);
    }

    /** A trial of three iterations around {@code score}, the lowest and the highest {@code spread} (of it) apart. */
    private static String throughput(String contender, int threads, double score, double dropped, double spread) {
        return String.format(Locale.ROOT, "{\"benchmark\":\"io.ringlog.benchmarks.logback.LogbackThroughput.log\",\"mode\":\"thrpt\","
                + "\"threads\":%d,\"forks\":1,\"params\":{\"contender\":\"%s\",\"sink\":\"COUNTING\"},"
                + "\"primaryMetric\":{\"score\":%f,\"scoreUnit\":\"ops/s\",\"rawData\":[[%f,%f,%f]]},"
                + "\"secondaryMetrics\":{\"gc.alloc.rate.norm\":{\"score\":100.0,\"scoreUnit\":\"B/op\",\"rawData\":[[100.0]]},"
                + "\"delivery.dropped.share\":{\"score\":%f,\"scoreUnit\":\"ratio\",\"rawData\":[[%f]]},"
                + "\"delivery.logged\":{\"score\":10.0,\"scoreUnit\":\"events\",\"rawData\":[[10.0]]},"
                + "\"cpu.process.cores\":{\"score\":%f,\"scoreUnit\":\"cores\",\"rawData\":[[%f]]},"
                + "\"cpu.process.ns.per.op\":{\"score\":%f,\"scoreUnit\":\"ns/op\",\"rawData\":[[%f]]}}}",
                threads, contender, score, score * (1 - spread / 2), score, score * (1 + spread / 2), dropped, dropped,
                (double) threads, (double) threads, threads * 1e9 / score, threads * 1e9 / score);
    }

    private static String latency(String contender, double p50) {
        StringBuilder secondary = new StringBuilder();
        String[] names = {"p50", "p90", "p99", "p99.9", "p99.99", "max"};
        for (int i = 0; i < names.length; i++) {
            double value = p50 * Math.pow(2, i);
            secondary.append(String.format(Locale.ROOT, "\"latency.%s\":{\"score\":%f,\"scoreUnit\":\"us\",\"rawData\":[[%f]]},",
                    names[i], value, value));
        }
        secondary.append("\"latency.achieved.rate\":{\"score\":50000.0,\"scoreUnit\":\"events/s\",\"rawData\":[[50000.0]]}");
        return String.format(Locale.ROOT, "{\"benchmark\":\"io.ringlog.benchmarks.logback.LogbackLatency.fixedRate\",\"mode\":\"ss\","
                + "\"threads\":1,\"forks\":1,\"params\":{\"contender\":\"%s\",\"sink\":\"COUNTING\",\"rate\":\"50000\"},"
                + "\"primaryMetric\":{\"score\":1000.0,\"scoreUnit\":\"ms/op\",\"rawData\":[[1000.0]]},"
                + "\"secondaryMetrics\":{%s}}", contender, secondary);
    }
}
