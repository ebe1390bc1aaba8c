package io.ringlog.benchmarks.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * A chart for a reader deciding in a minute: horizontal bars, one per lossless contender, grouped (by framework, sink or
 * workload), each named in words and carrying its value and its ratios on the bar; Ringlog's bars in
 * {@link #RINGLOG_COLOUR}, the others grey; the machine and the run under the title. Lossy contenders have no place
 * here (their rate counts the calls they dropped): the detailed report keeps them. Drawn with Java 2D, headless.
 */
final class HeadlineChart {

    /** Ringlog's bars: a dark blue that keeps a contrast ratio above 7:1 on white, also in greyscale. */
    static final Color RINGLOG_COLOUR = new Color(0x1A4F9C);
    /** Every other contender's bars. */
    static final Color OTHER_COLOUR = new Color(0xA7ADB5);

    private static final int WIDTH = 1200;
    private static final int LABEL_WIDTH = 330;
    private static final int TEXT_WIDTH = 320;
    private static final int BAR_HEIGHT = 24;
    private static final int BAR_GAP = 10;
    private static final int GROUP_TITLE = 34;
    private static final int TOP = 78;
    private static final int BOTTOM = 58;

    /**
     * One bar.
     *
     * @param label   the contender in words ("stock AsyncAppender, queue 256")
     * @param value   its length, in any unit shared by its group
     * @param text    what is written after the bar: the value and its ratios ("1.99 M/s  ×1.79 stock  ×2.15 sync")
     * @param ringlog whether it is one of Ringlog's, drawn highlighted
     */
    record Bar(String label, double value, String text, boolean ringlog) {
    }

    /** Bars under a title; each group has its own scale. */
    record Group(String title, List<Bar> bars) {
    }

    private HeadlineChart() {
    }

    /** Draws {@code groups} under {@code title} and {@code subtitle} (the machine and the run) into a PNG file. */
    static void render(Path file, String title, String subtitle, String footnote, List<Group> groups) throws IOException {
        int height = TOP + BOTTOM + groups.stream().mapToInt(g -> GROUP_TITLE + g.bars().size() * (BAR_HEIGHT + BAR_GAP)).sum();
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 19));
            g.drawString(title, 20, 30);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
            g.setColor(new Color(0x444444));
            g.drawString(subtitle, 20, 54);
            int y = TOP;
            int barsLeft = barsLeft();
            int barsWidth = WIDTH - barsLeft - TEXT_WIDTH;
            for (Group group : groups) {
                g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
                g.setColor(Color.BLACK);
                g.drawString(group.title(), 20, y + 20);
                y += GROUP_TITLE;
                double max = group.bars().stream().mapToDouble(Bar::value).max().orElse(1);
                for (Bar bar : group.bars()) {
                    Font font = new Font(Font.SANS_SERIF, bar.ringlog() ? Font.BOLD : Font.PLAIN, 14);
                    g.setFont(font);
                    FontMetrics metrics = g.getFontMetrics();
                    int baseline = y + (BAR_HEIGHT + metrics.getAscent() - metrics.getDescent()) / 2;
                    g.setColor(Color.BLACK);
                    g.drawString(bar.label(), barsLeft - 12 - metrics.stringWidth(bar.label()), baseline);
                    int length = max <= 0 ? 0 : (int) Math.round(barsWidth * bar.value() / max);
                    g.setColor(bar.ringlog() ? RINGLOG_COLOUR : OTHER_COLOUR);
                    g.fillRect(barsLeft, y, Math.max(length, 1), BAR_HEIGHT);
                    g.setColor(Color.BLACK);
                    g.drawString(bar.text(), barsLeft + length + 8, baseline);
                    y += BAR_HEIGHT + BAR_GAP;
                }
            }
            g.setColor(new Color(0xDDDDDD));
            g.setStroke(new BasicStroke(1));
            g.drawLine(barsLeft(), TOP - 6, barsLeft(), y - BAR_GAP);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
            g.setColor(new Color(0x444444));
            List<String> lines = wrap(footnote, g.getFontMetrics(), WIDTH - 40);
            for (int i = 0; i < lines.size() && i < 2; i++) {
                g.drawString(lines.get(i), 20, height - 36 + 18 * i);
            }
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", file.toFile());
    }

    /** {@code text} in lines no wider than {@code width}, broken between words. */
    private static List<String> wrap(String text, FontMetrics metrics, int width) {
        List<String> lines = new java.util.ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && metrics.stringWidth(line + " " + word) > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() == 0 ? "" : " ").append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    private static int barsLeft() {
        return LABEL_WIDTH + 20;
    }
}
