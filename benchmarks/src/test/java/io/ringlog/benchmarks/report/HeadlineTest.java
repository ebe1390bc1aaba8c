package io.ringlog.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The headline charts: lossless contenders only, in words, ratios on the bars, Ringlog highlighted. */
class HeadlineTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void aGroupHoldsTheLosslessContendersInWordsWithTheirRatios() {
        HeadlineChart.Group group = Headline.jmhGroup("sink FILE", "logback", Map.of(
                "SYNC", 1_000_000.0, "ASYNC_256", 500_000.0, "LLE_DROPPING", 9_000_000.0, "RING_BLOCK", 2_000_000.0,
                "RING_DROP_ALL", 8_000_000.0));

        assertThat(group.bars()).extracting(HeadlineChart.Bar::label)
                .containsExactly("synchronous (no async appender)", "stock AsyncAppender, queue 256", "Ringlog");
        assertThat(group.bars()).extracting(HeadlineChart.Bar::text)
                .containsExactly("1.00 M/s  ×2.00 stock", "500 k/s  ×0.50 sync", "2.00 M/s  ×4.00 stock  ×2.00 sync");
        assertThat(group.bars()).extracting(HeadlineChart.Bar::ringlog).containsExactly(false, false, true);
    }

    @Test
    void bootsDefaultLoggingIsComparedWithItselfWithTheStarterOffAndTheHandWrittenVariantsWithStockAndSync() {
        Map<String, Double> requests = new LinkedHashMap<>();
        requests.put("off", 30_000.0);
        requests.put("sync", 10_000.0);
        requests.put("stock-async", 15_000.0);
        requests.put("ringlog", 20_000.0);
        requests.put("starter-sync", 8_000.0);
        requests.put("starter", 16_000.0);
        requests.put("starter-ecs-sync", 4_000.0);
        requests.put("starter-ecs", 10_000.0);
        requests.put("starter-vt", 12_000.0);

        HeadlineChart.Group group = Headline.serviceGroup("CPU-bound", requests, "%,.0f req/s", true);

        assertThat(group.bars()).extracting(HeadlineChart.Bar::text).containsExactly(
                "30,000 req/s  ×2.00 stock  ×3.00 sync",
                "10,000 req/s  ×0.67 stock",
                "15,000 req/s  ×1.50 sync",
                "20,000 req/s  ×1.33 stock  ×2.00 sync",
                "8,000 req/s",
                "16,000 req/s  ×2.00 starter off",
                "12,000 req/s  ×1.50 starter off",
                "4,000 req/s",
                "10,000 req/s  ×2.50 starter off");
        assertThat(Headline.serviceGroup("CPU-bound", requests, "%,.0f ms", false).bars())
                .extracting(HeadlineChart.Bar::text).allSatisfy(text -> assertThat(text).doesNotContain("×"));
    }

    @Test
    void ringlogsBarIsDrawnInItsColourAndTheOthersInGrey() throws IOException {
        Path png = dir.resolve("headline.png");
        HeadlineChart.render(png, "title", "machine", "footnote", List.of(new HeadlineChart.Group("group", List.of(
                new HeadlineChart.Bar("stock", 1.0, "1", false), new HeadlineChart.Bar("Ringlog", 2.0, "2", true)))));

        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isGreaterThan(1000);
        // the bars start at x = 350; the first below the group's title, the second one bar and a gap further down
        int x = 360;
        assertThat(image.getRGB(x, 78 + 34 + 12) & 0xFFFFFF).isEqualTo(HeadlineChart.OTHER_COLOUR.getRGB() & 0xFFFFFF);
        assertThat(image.getRGB(x, 78 + 34 + 34 + 12) & 0xFFFFFF).isEqualTo(HeadlineChart.RINGLOG_COLOUR.getRGB() & 0xFFFFFF);
    }

    @Test
    void readsTheTablesOfARenderedReport() {
        List<String> report = List.of(
                "### Logback, sink FILE", "",
                "| contender | 1 thread | 2 threads ⚠ |",
                "|---|---:|---:|",
                "| SYNC | 924 k/s ×0.83 | 534 k/s ×0.57 ⚠ |",
                "| **ASYNC_256** (reference) | 1.11 M/s ×1.00 | 938 k/s ×1.00 |",
                "| RING_DROP_ALL (lossy) | 5.95 M/s ×5.34, 65.8% dropped | 7.08 M/s ×7.55, 74.1% dropped |",
                "", "### Logback, sink SLOW");

        assertThat(Headline.jmhTable(report, "### Logback, sink FILE", 2))
                .containsExactly(Map.entry("SYNC", 534_000.0), Map.entry("ASYNC_256", 938_000.0), Map.entry("RING_DROP_ALL", 7_080_000.0));
        assertThat(Headline.serviceTable(List.of("## Logback", "### CPU-bound: `GET /work`", "",
                "| variant | requests/s | range |", "|---|---:|---:|", "| off | 11,167 | 10,233–12,100 |",
                "| **stock-async** | 8,042 | |", "", "Where the closed loop's CPU went ...", "",
                "| variant | CPU µs: Tomcat | hand-off |", "|---|---:|---:|", "| off | 63.9 | 0.3 |", "",
                "| variant | rate asked | p50 |", "| off | 2,000/s | 1 ms |"), 0, "### CPU-bound"))
                .hasValue(Map.of("off", 11_167.0, "stock-async", 8_042.0));
    }
}
