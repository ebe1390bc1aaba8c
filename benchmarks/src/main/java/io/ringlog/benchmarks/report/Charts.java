package io.ringlog.benchmarks.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.knowm.xchart.internal.chartpart.Chart;

/** The report's PNG charts, drawn by XChart (headless). */
final class Charts {

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 560;

    private Charts() {
    }

    /** Throughput against caller threads, one line per contender. */
    static void throughput(Path file, String title, Map<String, double[][]> seriesByContender) throws IOException {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("caller threads").yAxisTitle("events logged per second (millions)").build();
        chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
        chart.getStyler().setXAxisDecimalPattern("0");
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setMarkerSize(9);
        seriesByContender.forEach((contender, xy) -> {
            org.knowm.xchart.XYSeries series = chart.addSeries(contender, xy[0], xy[1]);
            series.setMarker(SeriesMarkers.CIRCLE);
            if (isRinglog(contender)) {
                Color colour = ringlogColour(contender);
                series.setLineColor(colour);
                series.setMarkerColor(colour);
                series.setLineWidth(contender.equals(RINGLOG_DEFAULT) ? 4f : 2f);
            }
        });
        style(chart);
        save(chart, file);
    }

    /** Latency percentiles, one line per contender, on a logarithmic axis. */
    static void latency(Path file, String title, List<String> percentiles, Map<String, List<Double>> seriesByContender) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("percentile").yAxisTitle("caller latency (microseconds, log scale)").build();
        chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeriesRenderStyle.Line);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setMarkerSize(8);
        seriesByContender.forEach((contender, values) -> {
            org.knowm.xchart.CategorySeries series = chart.addSeries(contender, percentiles,
                    values.stream().map(v -> Math.max(v, 0.01)).collect(java.util.stream.Collectors.toList()));
            if (isRinglog(contender)) {
                Color colour = ringlogColour(contender);
                series.setLineColor(colour);
                series.setMarkerColor(colour);
                series.setLineWidth(contender.equals(RINGLOG_DEFAULT) ? 4f : 2f);
            }
        });
        style(chart);
        save(chart, file);
    }

    /** Bars of one value per contender (allocation per call). */
    static void bars(Path file, String title, String yTitle, Map<String, Double> valueByContender) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("contender").yAxisTitle(yTitle).build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.addSeries(yTitle, List.copyOf(valueByContender.keySet()), List.copyOf(valueByContender.values()));
        style(chart);
        save(chart, file);
    }

    /** Bars grouped by category, one series per group (the service benchmark: variants, by workload). */
    static void groupedBars(Path file, String title, String xTitle, String yTitle, List<String> categories,
            Map<String, List<Double>> valuesBySeries) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setYAxisMin(0.0);
        valuesBySeries.forEach((series, values) -> chart.addSeries(series, categories, values));
        style(chart);
        save(chart, file);
    }

    /** Ringlog's default policy, the contender the charts highlight. */
    private static final String RINGLOG_DEFAULT = "RING_BLOCK";
    /** Ringlog's other (lossy) policies: a lighter blue, so that they read as Ringlog's without being the headline. */
    private static final Color RINGLOG_OTHER_COLOUR = new Color(0x7FA7DD);

    private static boolean isRinglog(String contender) {
        return contender.startsWith("RING_");
    }

    /** Ringlog's default in {@link HeadlineChart#RINGLOG_COLOUR}, drawn thicker; its other policies in a lighter blue. */
    private static Color ringlogColour(String contender) {
        return contender.equals(RINGLOG_DEFAULT) ? HeadlineChart.RINGLOG_COLOUR : RINGLOG_OTHER_COLOUR;
    }

    /**
     * White, and a palette for the other contenders that reads on white (XChart's default has a yellow) and keeps away
     * from Ringlog's dark blue.
     */
    private static void style(Chart<?, ?> chart) {
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setSeriesColors(new Color[] {new Color(0x6B6B6B), new Color(0xC0504D), new Color(0x9BBB59),
                new Color(0x8064A2), new Color(0xF79646), new Color(0x4BACC6), new Color(0x7F6000), new Color(0xA5A5A5)});
        chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    }

    private static void save(Chart<?, ?> chart, Path file) throws IOException {
        String name = file.toString();
        BitmapEncoder.saveBitmap(chart, name.endsWith(".png") ? name.substring(0, name.length() - 4) : name, BitmapFormat.PNG);
    }
}
