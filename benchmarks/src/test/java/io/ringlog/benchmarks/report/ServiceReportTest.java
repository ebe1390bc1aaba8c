package io.ringlog.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parses wrk's output as wrk 4.1 prints it and renders the service report from a hand-written results directory. */
class ServiceReportTest {

    /** Printed by {@code wrk -t2 -c20 -d2s --latency -s percentiles.lua} (Debian's wrk 4.1.0). */
    static final String WRK = "Running 2s test @ http://127.0.0.1:18999/work?n=1000\n"
            + "  2 threads and 20 connections\n"
            + "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
            + "    Latency    35.86ms  118.83ms 841.35ms   93.31%\n"
            + "    Req/Sec   775.80    377.13     1.43k    50.00%\n"
            + "  Latency Distribution\n"
            + "     50%    4.86ms\n"
            + "     75%    5.96ms\n"
            + "     90%   19.89ms\n"
            + "     99%  703.31ms\n"
            + "  2350 requests in 2.00s, 1.17MB read\n"
            + "  Socket errors: connect 0, read 3, write 0, timeout 2\n"
            + "  Non-2xx or 3xx responses: 7\n"
            + "Requests/sec:   1172.51\n"
            + "Transfer/sec:    595.42KB\n"
            + "Latency p99.9: 839214us\n";

    static {
        System.setProperty("java.awt.headless", "true");   // the charts render without a display
    }

    @TempDir
    Path dir;

    @Test
    void parsesWrksOutput() {
        WrkOutput wrk = WrkOutput.parse(WRK);

        assertThat(wrk.requests()).isEqualTo(2350);
        assertThat(wrk.seconds()).isEqualTo(2.0);
        assertThat(wrk.requestsPerSecond()).isEqualTo(1172.51);
        assertThat(wrk.p50()).isEqualTo(4860.0);
        assertThat(wrk.p99()).isEqualTo(703310.0);
        assertThat(wrk.p999()).isEqualTo(839214.0);
        assertThat(wrk.max()).isEqualTo(841350.0);
        assertThat(wrk.non2xx()).isEqualTo(7);
        assertThat(wrk.socketErrors()).isEqualTo(5);
        assertThat(WrkOutput.micros("812.00us")).isEqualTo(812.0);
        assertThat(WrkOutput.micros("1.02s")).isEqualTo(1_020_000.0);
        assertThatThrownBy(() -> WrkOutput.parse("unable to connect to 127.0.0.1:1 Connection refused"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("requests in");
    }

    @Test
    void rendersTablesWithRatiosChartsAndTheDeliveryVerdict() throws IOException {
        results(row("cpu", "off", 4000, 0), row("cpu", "sync", 1000, 5000), row("cpu", "stock-async", 2000, 10_000),
                row("cpu", "ringlog", 3000, 15_000), row("wait", "stock-async", 500, 2500), row("wait", "ringlog", 500, 2500));

        Files.writeString(dir.resolve("loadavg.tsv"), "logback-cpu-off\t0.12\nlogback-cpu-sync\t1.50\n", StandardCharsets.UTF_8);

        assertThat(ServiceReport.render(dir, "benchmarks/run service", new Properties())).isTrue();

        String report = Files.readString(dir.resolve(ServiceReport.REPORT_FILE));
        assertThat(report)
                .contains("Command: `benchmarks/run service`")
                .contains("every lossless variant wrote all 5 lines")
                .contains("| **stock-async** (reference) | 2,000 | ×1.00 | 4.86 ms | 703 ms | 839 ms | 841 ms |")
                .contains("| ringlog | 3,000 | ×1.50 |")
                .contains("| off | 4,000 | ×2.00 |")
                .contains("logging off (0 lines)")
                .contains("✓ 15,000 = 5 × 3,000")
                .contains("![logback requests/s](service-throughput-logback.png)")
                .contains("load average (1 min) when each variant started: 0.12 to 1.50");
        for (String png : new String[] {"service-throughput-logback.png", "service-p99-logback.png"}) {
            BufferedImage image = ImageIO.read(dir.resolve(png).toFile());
            assertThat(image).as(png).isNotNull();
            assertThat(image.getWidth()).isGreaterThan(500);
        }
    }

    @Test
    void aLosslessVariantThatLostALineFailsTheRun() throws IOException {
        results(row("cpu", "stock-async", 2000, 10_000), row("cpu", "ringlog", 3000, 14_999), row("cpu", "off", 9, 0));

        assertThat(ServiceReport.render(dir, "benchmarks/run service", new Properties())).isFalse();
        assertThat(Files.readString(dir.resolve(ServiceReport.REPORT_FILE)))
                .contains("**DELIVERY CHECK FAILED**")
                .contains("logback ringlog, cpu workload: 14,999 of 15,000 lines (1 lost)")
                .contains("**LOST 1** of 15,000");
    }

    /** A row whose wrk run answered {@code rate} requests/s, the server counting a fifth of {@code lines}, rounded up. */
    private String row(String workload, String variant, double rate, long lines) throws IOException {
        long requests = variant.equals("off") ? 100 : (lines + 4) / 5;
        Files.writeString(dir.resolve("wrk-logback-" + workload + "-" + variant + ".txt"),
                WRK.replace("1172.51", String.format(Locale.ROOT, "%.2f", rate)), StandardCharsets.UTF_8);
        return String.join("\t", "logback", workload, variant, "1.50", Long.toString(requests), Long.toString(lines),
                Long.toString(lines * 150));
    }

    private void results(String... rows) throws IOException {
        Files.writeString(dir.resolve(ServiceReport.RESULTS_FILE),
                "flavour\tworkload\tvariant\tcpu_seconds\twork_requests\tlines\tbytes\n" + String.join("\n", rows) + "\n",
                StandardCharsets.UTF_8);
    }
}
