package io.ringlog.docs;

import static org.junit.jupiter.api.Assertions.fail;

import io.ringlog.core.PipelineSettings;
import io.ringlog.docs.ConfigurationReference.Framework;
import io.ringlog.docs.ConfigurationReference.QuotedMessage;
import io.ringlog.docs.ConfigurationReference.Row;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares {@code docs/configuration.md} with an adapter's code and collects every difference as a sentence that tells
 * the contributor which row or quote to fix and what the code says; {@link #assertNone()} fails with all of them. The
 * adapter's test finds its properties and their defaults by reflection and feeds them in. Not thread-safe.
 */
public final class ReferenceCheck {

    /** How the docs say "no value" for a property whose default is unset (null) in the code. */
    private static final List<String> NO_VALUE = List.of("none", "required", "the appender's name");
    private static final Pattern LEADING_VALUE = Pattern.compile("^(-?[0-9][0-9,]*|true|false|[A-Z][A-Z_]+)\\b");

    private final ConfigurationReference doc;
    private final List<String> problems = new ArrayList<>();

    /** Checks against {@code doc}. */
    public ReferenceCheck(ConfigurationReference doc) {
        this.doc = doc;
    }

    /** The document of a module's tests: {@code ../docs/configuration.md} relative to the module's directory. */
    public static ConfigurationReference configurationMd() {
        return ConfigurationReference.read(Path.of("..", "docs", "configuration.md"));
    }

    /**
     * The pages other than the configuration reference that users read, relative to a module's directory: README.md,
     * the other docs/*.md, examples/README.md and benchmarks/README.md. The status messages they quote are checked as
     * the reference's are.
     */
    public static List<ConfigurationReference> otherUserPages() {
        List<Path> pages = new ArrayList<>(List.of(Path.of("..", "README.md"), Path.of("..", "examples", "README.md"),
                Path.of("..", "benchmarks", "README.md")));
        try (java.util.stream.Stream<Path> docs = java.nio.file.Files.list(Path.of("..", "docs"))) {
            docs.filter(p -> p.toString().endsWith(".md") && !p.getFileName().toString().equals("configuration.md"))
                    .sorted().forEach(pages::add);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        List<ConfigurationReference> read = new ArrayList<>();
        pages.forEach(p -> read.add(ConfigurationReference.read(p)));
        return read;
    }

    /**
     * The default that a property really has: {@code raw} (read from a new appender or builder), or, when that is null
     * (not set), the value the settings it produces hold under the same name ({@code fullQueuePolicy}: BLOCK); null if
     * they hold none either.
     */
    public static Object effectiveDefault(String property, Object raw, PipelineSettings produced) {
        if (raw != null || property.equals("name")) {
            return raw; // the pipeline's name is the one the test gave, not a default
        }
        try {
            Method accessor = PipelineSettings.class.getMethod(property);
            Object value = accessor.invoke(produced);
            if (property.equals("maxQueueBytes") && value.equals(PipelineSettings.defaultMaxQueueBytes())) {
                return HEAP_SHARE; // the default depends on the heap: the docs say how it is computed
            }
            return value;
        } catch (NoSuchMethodException notASetting) {
            return null;
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError("Cannot read PipelineSettings." + property + "()", e);
        }
    }

    /**
     * The table whose header starts with {@code table} has a row naming {@code property} in its first cell, and that
     * row's {@code defaultColumn} states {@code codeDefault}.
     *
     * @param origin how the test read the default, named in the failure ("new RingAsyncAppender().getQueueSize()")
     */
    public void propertyRow(String table, String property, int defaultColumn, Object codeDefault, String origin) {
        Optional<Row> row = rowNaming(table, property);
        if (row.isEmpty()) {
            problems.add(doc.name() + ", table \"" + table + "\": no row names `" + property + "`, a configuration property of the code ("
                    + origin + "). Add a row whose first cell names it, with its default: " + describe(codeDefault) + ".");
            return;
        }
        mismatch(row.get().cell(defaultColumn), codeDefault).ifPresent(why -> problems.add(doc.name() + ":" + row.get().line()
                + ", table \"" + table + "\", row `" + property + "`: " + why + " (" + origin + "). Fix the default column."));
    }

    /** The row of {@code table} that names {@code alias} also names {@code property}: it is documented as an alias. */
    public void aliasRow(String table, String alias, String property) {
        Optional<Row> row = rowNaming(table, alias);
        if (row.isEmpty() || !row.get().names(0).contains(property)) {
            problems.add(doc.name() + (row.isPresent() ? ":" + row.get().line() : "") + ", table \"" + table + "\": `" + alias
                    + "` sets `" + property + "` in the code, so it belongs in `" + property + "`'s row, as \"`" + property
                    + "` (alias `" + alias + "`)\".");
        }
    }

    /** A property the code has is not documented as something else: the name is in some row of {@code table}. */
    public void elementRow(String table, String element, String origin) {
        if (rowNaming(table, element).isEmpty()) {
            problems.add(doc.name() + ", table \"" + table + "\": no row names `" + element + "` (" + origin + "). Add one.");
        }
    }

    /**
     * The rows of the table whose header starts with {@code table}, where column {@code nameColumn} names a property of
     * {@code defaults} first: their {@code defaultColumn}, split on " / ", states that property's default in part
     * {@code part}. A row that names something the adapter does not have is reported too.
     */
    public void mappingRows(String table, int nameColumn, int defaultColumn, int part, Map<String, Object> defaults, String adapter) {
        List<Row> rows = doc.table(table);
        if (rows.isEmpty()) {
            problems.add(doc.name() + ": no table whose header starts with \"" + table + "\"");
        }
        for (Row row : rows) {
            if (!row.cell(nameColumn).startsWith("`")) {
                continue; // "none (always, through `endOfBatch`)": the adapter has no such property
            }
            String property = row.names(nameColumn).get(0);
            String where = doc.name() + ":" + row.line() + ", table \"" + table + "\", " + adapter + " column `" + property + "`: ";
            if (!defaults.containsKey(property)) {
                problems.add(where + "the " + adapter + " adapter has no property of that name; its properties are " + defaults.keySet());
                continue;
            }
            String[] halves = row.cell(defaultColumn).split(" / ");
            if (halves.length <= part) {
                problems.add(where + "the default column should read \"<Logback> / <Log4j2>\", was \"" + row.cell(defaultColumn) + "\"");
                continue;
            }
            Object codeDefault = defaults.get(property);
            mismatch(halves[part], codeDefault).ifPresent(why -> problems.add(where + why + ". Fix the default column."));
        }
    }

    /** A value shown in an example that says it shows the defaults equals the code's default. */
    public void exampleValue(String example, String property, String value, Map<String, Object> defaults) {
        if (!defaults.containsKey(property)) {
            problems.add(doc.name() + ", " + example + ": `" + property + "` is not a property of the adapter; its properties are "
                    + defaults.keySet());
            return;
        }
        mismatch(value, defaults.get(property)).ifPresent(why -> problems.add(doc.name() + ", " + example + ": `" + property + "` "
                + why + ". The example shows the defaults: fix the value."));
    }

    /**
     * Every message quoted for {@code framework} (and those both adapters promise) is one that {@code templates} can
     * emit.
     *
     * @param sources the source roots the templates come from, named in the failure
     */
    public int quotedMessages(Framework framework, MessageTemplates templates, String sources) {
        int checked = 0;
        for (QuotedMessage quote : doc.quotedMessages()) {
            if (quote.framework() != framework && quote.framework() != Framework.SHARED) {
                continue;
            }
            checked++;
            if (templates.find(quote.text()).isPresent()) {
                continue;
            }
            String closest = templates.closest(quote.text()).map(t -> " The closest message in the code is: " + t + ".").orElse("");
            problems.add(doc.name() + ":" + quote.line() + " (" + quote.where() + "): the quoted message `" + quote.text()
                    + "` is not one the " + (quote.framework() == Framework.SHARED ? "adapters" : framework + " adapter")
                    + " can emit (searched " + sources + ")." + closest + " Quote the code's text, with example values for its"
                    + " variable parts and ... for what is left out"
                    + (quote.framework() == Framework.SHARED ? "; a message only one adapter emits needs that adapter's name"
                    + " before its level or in its row (\"Logback: ...\")" : "") + ".");
        }
        return checked;
    }

    /**
     * {@link #quotedMessages} against the main sources of the core and of the module the test runs in.
     *
     * @param module the module's folder, as failures name it
     */
    public int quotedMessagesAgainstThisModule(Framework framework, String module) {
        MessageTemplates templates = MessageTemplates.fromSourceRoots(
                List.of(Path.of("..", "core", "src", "main", "java"), Path.of("src", "main", "java")));
        return quotedMessages(framework, templates, "core/src/main/java and " + module + "/src/main/java");
    }

    /**
     * {@link #quotedMessagesAgainstThisModule} for each of {@link #otherUserPages()}: fails with every message quoted
     * there that the module cannot emit, each with its page and line.
     *
     * @return the messages checked
     */
    public static int quotedMessagesInOtherPages(Framework framework, String module) {
        List<String> all = new ArrayList<>();
        int checked = 0;
        for (ConfigurationReference page : otherUserPages()) {
            ReferenceCheck pageCheck = new ReferenceCheck(page);
            checked += pageCheck.quotedMessagesAgainstThisModule(framework, module);
            all.addAll(pageCheck.problems);
        }
        if (!all.isEmpty()) {
            fail(all.size() + " message(s) quoted outside docs/configuration.md that the code does not emit:\n- "
                    + String.join("\n- ", all));
        }
        return checked;
    }

    /** Adds a problem found by the adapter's own checks. */
    public void problem(String sentence) {
        problems.add(sentence);
    }

    /** Fails with every problem found, one per line. */
    public void assertNone() {
        if (!problems.isEmpty()) {
            fail(problems.size() + " difference(s) between " + doc.name() + " and the code:\n- " + String.join("\n- ", problems));
        }
    }

    /** The problems found so far (for the checker's own tests). */
    List<String> problems() {
        return List.copyOf(problems);
    }

    private Optional<Row> rowNaming(String table, String name) {
        for (Row row : doc.table(table)) {
            if (row.names(0).contains(name)) {
                return Optional.of(row);
            }
        }
        return Optional.empty();
    }

    /**
     * Why a documented default differs from the code's, if it does. The documented value is the cell's first word,
     * backticks removed ({@code 1000 ms}: 1000, {@code `BLOCK`, or ...}: BLOCK, {@code 0 (off)}: 0); an unset default
     * (null) must be documented as {@value #NO_VALUE_TEXT}.
     */
    static Optional<String> mismatch(String cell, Object codeDefault) {
        String text = cell.replace("`", "").strip();
        if (codeDefault == null) {
            for (String phrase : NO_VALUE) {
                if (text.toLowerCase(Locale.ROOT).startsWith(phrase)) {
                    return Optional.empty();
                }
            }
            return Optional.of("the docs give the default \"" + text + "\", but the code sets none (null): say " + NO_VALUE_TEXT);
        }
        String expected = String.valueOf(codeDefault);
        if (codeDefault == HEAP_SHARE && text.startsWith(HEAP_SHARE)) {
            return Optional.empty();
        }
        Matcher value = LEADING_VALUE.matcher(text);
        if (value.find() && value.group(1).replace(",", "").equals(expected)) {
            return Optional.empty();
        }
        return Optional.of("the docs give the default \"" + text + "\", the code's is " + expected);
    }

    private static final String NO_VALUE_TEXT = "none, required or the appender's name";
    /** How the docs state {@code maxQueueBytes}'s default, which the JVM's maximum heap decides. */
    static final String HEAP_SHARE = "a sixteenth of the maximum heap";

    private static String describe(Object codeDefault) {
        return codeDefault == null ? "none (" + NO_VALUE_TEXT + ")" : String.valueOf(codeDefault);
    }

    /** The properties found for the adapter, for the failure of a check that found nothing (a broken reflection). */
    public static void requireFound(Set<String> found, String what) {
        if (found.size() < 5) {
            fail("Found only " + found + " as " + what + ": the reflection no longer sees the adapter's configuration");
        }
    }
}
