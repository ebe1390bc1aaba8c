package io.ringlog.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code docs/configuration.md} as the checks read it: its tables (found by the first cell of their header row), the
 * status messages it quotes, and its XML examples. Line numbers are 1-based, as an editor shows them. Immutable; any
 * thread.
 *
 * <p>The conventions it relies on, stated at the top of the document: a status message of Ringlog's is quoted right
 * after its level ({@code ERROR `...`}, {@code WARN `...`}, {@code INFO `...`}, optionally {@code at start}), or in the
 * message column of the Status messages table; a message of the framework itself has the framework's name before its
 * level ({@code Joran WARN}, {@code Log4j2's ERROR}, {@code Logback reports ERROR}) and is not Ringlog's to check.
 */
public final class ConfigurationReference {

    /** The framework a quoted message belongs to; {@link #SHARED} messages are promised by both adapters. */
    public enum Framework {
        /** Only the Logback adapter emits it. */
        LOGBACK,
        /** Only the Log4j2 adapter emits it. */
        LOG4J2,
        /** Both adapters emit it (usually the core does). */
        SHARED;

        static Optional<Framework> named(String text) {
            boolean logback = text.contains("Logback");
            boolean log4j2 = text.contains("Log4j2");
            return logback == log4j2 ? Optional.empty() : Optional.of(logback ? LOGBACK : LOG4J2);
        }
    }

    /** One row of a table: its cells, stripped, and the names quoted in its first cell. */
    public static final class Row {
        private final int line;
        private final List<String> cells;

        Row(int line, List<String> cells) {
            this.line = line;
            this.cells = cells;
        }

        /** The row's line in the file. */
        public int line() {
            return line;
        }

        /** A cell, or "" past the end. */
        public String cell(int index) {
            return index < cells.size() ? cells.get(index) : "";
        }

        /** The backticked names in a cell, in order: {@code `queueSize` (alias `ringBufferSize`)} gives both. */
        public List<String> names(int index) {
            List<String> names = new ArrayList<>();
            Matcher quoted = BACKTICKED.matcher(cell(index));
            while (quoted.find()) {
                names.add(quoted.group(1));
            }
            return names;
        }
    }

    /** A status message quoted in the docs, where it is and whose it is. */
    public static final class QuotedMessage {
        private final int line;
        private final String text;
        private final Framework framework;
        private final String where;

        QuotedMessage(int line, String text, Framework framework, String where) {
            this.line = line;
            this.text = text;
            this.framework = framework;
            this.where = where;
        }

        /** The quote's line in the file. */
        public int line() {
            return line;
        }

        /** The quoted text, as written between the backticks. */
        public String text() {
            return text;
        }

        /** Which adapter must be able to emit it. */
        public Framework framework() {
            return framework;
        }

        /** The section (and table row) it is in, for failure messages. */
        public String where() {
            return where;
        }
    }

    private static final Pattern BACKTICKED = Pattern.compile("`([^`]+)`");
    private static final Pattern LEVEL_QUOTE = Pattern.compile("\\b(ERROR|WARN|INFO)(?: at start)?:? `([^`]+)`");
    private static final Pattern FRAMEWORK_OWN = Pattern.compile("(?:Joran|Logback|Log4j2)(?:'s)?(?: reports)? $");
    private static final String STATUS_TABLE = "when";

    private final Path file;
    private final List<String> lines;

    private ConfigurationReference(Path file, List<String> lines) {
        this.file = file;
        this.lines = lines;
    }

    /** Reads the document. */
    public static ConfigurationReference read(Path file) {
        try {
            return new ConfigurationReference(file, Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file.toAbsolutePath().normalize(), e);
        }
    }

    /**
     * The document's path from the repository's root, as failure messages name it ({@code docs/configuration.md}); a
     * document outside the repository (a test's) is named as if it were in docs/.
     */
    public String name() {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path absolute = file.toAbsolutePath().normalize();
        return absolute.startsWith(root) ? root.relativize(absolute).toString().replace('\\', '/') : "docs/" + file.getFileName();
    }

    /** The body rows of the first table whose header row starts with {@code firstHeaderCell}; empty if there is none. */
    public List<Row> table(String firstHeaderCell) {
        List<Row> rows = new ArrayList<>();
        boolean inFence = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            inFence ^= line.startsWith("```");
            if (inFence || !line.startsWith("|") || !cells(line).get(0).equals(firstHeaderCell)) {
                continue;
            }
            for (int row = i + 2; row < lines.size() && lines.get(row).startsWith("|"); row++) {
                rows.add(new Row(row + 1, cells(lines.get(row))));
            }
            return rows;
        }
        return rows;
    }

    /**
     * The first fenced {@code xml} block after the heading {@code heading} (a {@code ##} or {@code ###} title, as
     * written) inside the {@code ##} section {@code section}; empty if there is none.
     */
    public Optional<String> xmlExample(String section, String heading) {
        String h2 = "";
        boolean underHeading = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("## ")) {
                h2 = line.substring(3).strip();
                underHeading = false;
            } else if (line.startsWith("### ")) {
                underHeading = h2.equals(section) && line.substring(4).strip().equals(heading);
            } else if (underHeading && line.startsWith("```xml")) {
                StringBuilder xml = new StringBuilder();
                for (int k = i + 1; k < lines.size() && !lines.get(k).startsWith("```"); k++) {
                    xml.append(lines.get(k)).append('\n');
                }
                return Optional.of(xml.toString());
            }
        }
        return Optional.empty();
    }

    /**
     * Every status message the document quotes as Ringlog's, with the adapter it belongs to: named just before its
     * level ("Logback adds at INFO"), else by the first cell of its table row ("Logback: start and stop"), else by
     * its {@code ###} or {@code ##} heading ("### Log4j2"); otherwise both adapters promise it.
     */
    public List<QuotedMessage> quotedMessages() {
        Map<String, QuotedMessage> quotes = new LinkedHashMap<>();
        String h2 = "";
        String h3 = "";
        boolean inFence = false;
        boolean inStatusTable = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("```")) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                continue;
            }
            if (line.startsWith("## ")) {
                h2 = line.substring(3).strip();
                h3 = "";
            } else if (line.startsWith("### ")) {
                h3 = line.substring(4).strip();
            }
            boolean tableRow = line.startsWith("|");
            if (!tableRow) {
                inStatusTable = false;
            } else if (cells(line).get(0).equals(STATUS_TABLE)) {
                inStatusTable = true;
                continue;
            }
            String rowName = tableRow ? cells(line).get(0) : "";
            Optional<Framework> byHeading = Framework.named(h3).isPresent() ? Framework.named(h3) : Framework.named(h2);
            Optional<Framework> byRow = Framework.named(rowName.split("[:`]", 2)[0]);
            String where = h2 + (h3.isEmpty() ? "" : " > " + h3) + (tableRow ? ", row \"" + abbreviate(rowName) + "\"" : "");
            // A paragraph's line break may fall between "Log4j2's" and its level: read on from the previous line.
            String current = tableRow ? line : line.strip();
            String text = (tableRow || i == 0 || lines.get(i - 1).startsWith("|") ? "" : lines.get(i - 1).strip() + " ") + current;
            Matcher level = LEVEL_QUOTE.matcher(text);
            while (level.find()) {
                if (level.end() <= text.length() - current.length()) {
                    continue; // on the previous line: found there already
                }
                String before = text.substring(Math.max(0, level.start() - 40), level.start());
                if (FRAMEWORK_OWN.matcher(before).find()) {
                    continue;
                }
                String[] words = before.strip().split("[\\s(|]+");
                String lastWords = String.join(" ", List.of(words).subList(Math.max(0, words.length - 3), words.length));
                Framework framework = Framework.named(lastWords).or(() -> byRow).or(() -> byHeading).orElse(Framework.SHARED);
                quotes.putIfAbsent((i + 1) + ":" + level.group(2), new QuotedMessage(i + 1, level.group(2), framework, where));
            }
            if (inStatusTable && tableRow && !line.startsWith("|---")) {
                Matcher quoted = BACKTICKED.matcher(cells(line).get(2));
                Framework framework = byRow.or(() -> byHeading).orElse(Framework.SHARED);
                while (quoted.find()) {
                    quotes.putIfAbsent((i + 1) + ":" + quoted.group(1), new QuotedMessage(i + 1, quoted.group(1), framework, where));
                }
            }
        }
        return new ArrayList<>(quotes.values());
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    /** The cells of a table line, split on the pipes outside backticks, stripped. */
    static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean inCode = false;
        String body = line.strip();
        body = body.substring(1, body.endsWith("|") && body.length() > 1 ? body.length() - 1 : body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '`') {
                inCode = !inCode;
            }
            if (c == '|' && !inCode) {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString().strip());
        return cells;
    }

    @Override
    public String toString() {
        return name() + " (" + lines.size() + " lines)";
    }
}
