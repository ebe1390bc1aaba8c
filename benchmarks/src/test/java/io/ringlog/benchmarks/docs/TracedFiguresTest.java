package io.ringlog.benchmarks.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.benchmarks.docs.TracedFigures.Figure;
import io.ringlog.benchmarks.docs.TracedFigures.Kind;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The rule {@link DocsDriftTest} applies to the front pages' figures, on lines and reports made up for the purpose. */
class TracedFiguresTest {

    private static final String REPORT = String.join("\n",
            "| RING_BLOCK | 1.05 M/s ×2.29 | 748 k/s ×0.72 |",
            "| RING_BLOCK | 0.8 | 1.2 | 86.8 | 4,095 | 6,129 | 6,469 | ×1.75 | 200 k/s |",
            "| Logback, Ringlog | 1.97 | 124.78 | 42.67 | 2,947 |",
            "| logging-heavy | 17,793 vs 15,506: 69 % of the way | 1,050,123 events |");

    private static List<String> texts(String line) {
        return TracedFigures.figures(line).stream().map(Figure::text).collect(Collectors.toList());
    }

    private static List<String> untraced(String line) {
        List<Figure> report = TracedFigures.reportNumbers(REPORT);
        return TracedFigures.figures(line).stream().filter(f -> !TracedFigures.traced(f, report)).map(Figure::text)
                .collect(Collectors.toList());
    }

    @Test
    void readsRatiosAmountsWithUnitsSeparatedNumbersAndDecimals() {
        assertThat(texts("| **Ringlog** | **1.05 M/s** ×2.29 | 0.72× the stock | 86.8 µs | 124.78 MiB | 69 % |"))
                .containsExactly("×2.29", "×0.72", "1.05 M/s", "86.8 µs", "124.78 MiB", "69 %");
        assertThat(texts("served 17,793 requests/s, 0.089 ms of CPU, p99 61 to 70 ms, 422 against 404 bytes"))
                .containsExactlyInAnyOrder("17,793", "0.089 ms", "61 ms", "70 ms", "422", "404");
    }

    @Test
    void leavesSettingsVersionsDatesCommitsAndCodeAlone() {
        assertThat(texts("a queue of 8192, 200 connections, 2 forks × 4 iterations of 1 s, ~16 min, 20 s runs")).isEmpty();
        assertThat(texts("commit e5a10e7 on 2026-11-27, OpenJDK 17.0.15, Logback 1.5.38, Spring Boot 3.5 and 4.x")).isEmpty();
        assertThat(texts("| Logback | 1.3 or newer | `<queueSize>8,192</queueSize>` and `-Xmx2g` |")).isEmpty();
        assertThat(texts("[the run](benchmarks/full-2026-11-27-report.md#cpu) with 2 to 4 threads")).isEmpty();
    }

    @Test
    void aFigureIsTracedByTheSameValueOrByRoundingOfThreeDigitsOrMore() {
        assertThat(untraced("Ringlog wrote 1.05 M/s (×2.29), 748 k/s at four threads, p99 86.8 µs")).isEmpty();
        assertThat(untraced("held 125 MiB, 42.7 KiB an event, 2,947 events, 1.05 M events, 69 %")).isEmpty();
        assertThat(untraced("1,050,123 events and 1.05 M events")).isEmpty();
    }

    @Test
    void aPlantedUntraceableNumberIsFound() {
        assertThat(untraced("Ringlog wrote 1.07 M/s")).containsExactly("1.07 M/s");
        assertThat(untraced("one caller wrote ×2.27 synchronous logging's rate")).containsExactly("×2.27");
        assertThat(untraced("an idle consumer used 0.24 ms of CPU per second, 103 against 7.6 ms"))
                .contains("0.24 ms", "7.6 ms");
        assertThat(untraced("Ringlog served 16,425 requests/s")).containsExactly("16,425");
    }

    @Test
    void aRatioIsTracedByARatioOnlyAndAPercentageByAPercentageOnly() {
        assertThat(untraced("×1.97 and ×86.8")).containsExactly("×1.97", "×86.8");
        assertThat(untraced("1.97 % of the time")).containsExactly("1.97 %");
        assertThat(untraced("×0.7")).as("two digits or fewer: as written, not rounded from ×0.72").containsExactly("×0.7");
    }

    @Test
    void theAllowListNamesAFigureAndAPieceOfItsLine() {
        Figure figure = TracedFigures.figures("13.2 KiB: the stack trace's text").get(0);
        assertThat(figure.kind()).isEqualTo(Kind.AMOUNT);
        assertThat(TracedFigures.allowed(figure, "13.2 KiB: the stack trace's text",
                Map.of("13.2 KiB | the stack trace's text", "a reason"))).isTrue();
        assertThat(TracedFigures.allowed(figure, "13.2 KiB elsewhere", Map.of("13.2 KiB | the stack trace's text", "a reason")))
                .isFalse();
    }
}
