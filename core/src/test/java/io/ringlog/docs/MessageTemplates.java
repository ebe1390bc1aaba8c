package io.ringlog.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The messages that Java sources can emit, as templates, and the test whether a message quoted in the docs is one of
 * them. A template is the string literals of one Java expression, in order, with a bounded wildcard for each
 * expression between them; {@code {}} placeholders are wildcards too. The expression ends at the end of the statement,
 * at a comma of its own argument list or at the parenthesis that closes it.
 *
 * <p>Between two literals: a {@code String} constant or local variable of the sources ({@code notStarted},
 * {@code NESTED_APPENDER_HINT}) is replaced by its own template; a literal that is a branch of a {@code ?:} may be
 * there or not; and in a statement that reads an exception's {@code getMessage()}, one wildcard at a time
 * may stand for the message of any {@code new IllegalArgumentException(...)} or {@code IllegalStateException(...)}.
 *
 * <p>A quote matches a template when some message of the template contains it, with the quote's {@code ...} standing for
 * any text and each wildcard of the template standing for at most {@value #WILDCARD_CHARS} characters of the quote; a
 * wildcard's text of more than two words must have the template's literals on both sides. So an example value
 * ({@code 'ASYNC'}, {@code [n]}, {@code 10 s}) may stand in for a variable part, but a sentence of the quote cannot
 * hide in one. Immutable once built; any thread.
 */
public final class MessageTemplates {

    /** How many characters of a quote one wildcard of a template may stand for. */
    static final int WILDCARD_CHARS = 40;
    /** Templates with less literal text than this are too vague to be matched. */
    static final int MIN_LITERAL_CHARS = 12;
    private static final int RESOLVE_DEPTH = 4;
    private static final Pattern DECLARATION = Pattern.compile(
            "^\\s*(?:(?:public|protected|private|static|final)\\s+)*String\\s+(\\w+)\\s*=");
    /** A name, or a qualified name ({@code DurationText.EXPECTED}): the class, if any, and the name. */
    private static final Pattern REFERENCE = Pattern.compile("(?:(?:\\w+\\.)*(\\w+)\\.)?(\\w+)");
    private static final Pattern CONSTANT = Pattern.compile("[A-Z][A-Z0-9_]*");

    private final List<Template> templates;

    private MessageTemplates(List<Template> templates) {
        this.templates = templates;
    }

    /** The templates of every {@code .java} file under the given source roots. */
    public static MessageTemplates fromSourceRoots(List<Path> roots) {
        Map<String, String> sources = new LinkedHashMap<>();
        for (Path root : roots) {
            try (Stream<Path> walk = Files.walk(root)) {
                List<Path> files = walk.filter(f -> f.toString().endsWith(".java")).sorted().collect(Collectors.toList());
                for (Path file : files) {
                    sources.put(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot read the sources under " + root, e);
            }
        }
        return fromSources(sources);
    }

    /** The templates of the given sources, keyed by a name used in reports (a path). */
    public static MessageTemplates fromSources(Map<String, String> sources) {
        List<Expression> expressions = new ArrayList<>();
        for (Map.Entry<String, String> source : sources.entrySet()) {
            expressions.addAll(new SourceScanner(source.getKey(), source.getValue()).scan());
        }
        Map<String, List<Expression>> declared = new HashMap<>();
        List<Template> exceptionMessages = new ArrayList<>();
        for (Expression expression : expressions) {
            if (expression.declares != null) {
                declared.computeIfAbsent(expression.declares, name -> new ArrayList<>()).add(expression);
            }
        }
        List<Template> resolved = new ArrayList<>();
        for (Expression expression : expressions) {
            Template template = new Template(resolve(expression, expression.file, declared, RESOLVE_DEPTH), expression.origin());
            resolved.add(template);
            if (expression.inExceptionConstructor) {
                exceptionMessages.add(template);
            }
        }
        List<Template> all = new ArrayList<>();
        for (int i = 0; i < expressions.size(); i++) {
            Template template = resolved.get(i);
            all.add(template);
            if (expressions.get(i).readsExceptionMessage) {
                all.addAll(template.wrapping(exceptionMessages));
            }
        }
        all.removeIf(t -> t.literalChars() < MIN_LITERAL_CHARS);
        return new MessageTemplates(all);
    }

    private static List<Segment> resolve(Expression expression, String file, Map<String, List<Expression>> declared, int depth) {
        List<Segment> out = new ArrayList<>();
        for (Segment segment : expression.segments) {
            if (segment.reference == null) {
                out.add(segment);
                continue;
            }
            Expression definition = depth == 0 ? null : definition(segment.reference, file, declared);
            if (definition == null) {
                out.add(Segment.wildcard(WILDCARD_CHARS));
            } else {
                out.addAll(resolve(definition, definition.file, declared, depth - 1));
            }
        }
        return Segment.merged(out);
    }

    /**
     * The declaration {@code reference} names: {@code Type.NAME} in {@code Type.java}; a plain name in the same file, or
     * for a constant ({@code UPPER_CASE}, perhaps imported statically) the only one of that name in all sources. A local
     * variable of another file is never taken for it.
     */
    private static Expression definition(String reference, String file, Map<String, List<Expression>> declared) {
        int dot = reference.indexOf('.');
        String type = dot < 0 || reference.startsWith("this.") ? null : reference.substring(0, dot);
        String name = reference.substring(dot + 1);
        List<Expression> candidates = declared.getOrDefault(name, List.of());
        for (Expression candidate : candidates) {
            boolean sameFile = type == null && candidate.file.equals(file);
            boolean typeFile = type != null && Path.of(candidate.file).getFileName().toString().equals(type + ".java");
            if (sameFile || typeFile) {
                return candidate;
            }
        }
        return type == null && CONSTANT.matcher(name).matches() && candidates.size() == 1 ? candidates.get(0) : null;
    }

    /** How many templates there are (a sanity check for tests). */
    public int size() {
        return templates.size();
    }

    /** The first template that the quote matches, if any. */
    public Optional<Template> find(String quote) {
        Quote parsed = new Quote(quote);
        for (Template template : templates) {
            if (parsed.sharesTextWith(template) && template.matches(parsed)) {
                return Optional.of(template);
            }
        }
        return Optional.empty();
    }

    /** The template whose literal text shares the most with the quote: the message a contributor probably meant. */
    public Optional<Template> closest(String quote) {
        Quote parsed = new Quote(quote);
        Template best = null;
        int bestScore = 0;
        for (Template template : templates) {
            int score = parsed.sharedWords(template);
            if (score > bestScore) {
                best = template;
                bestScore = score;
            }
        }
        return Optional.ofNullable(best);
    }

    /** One message template: literal text and wildcards, and where it comes from. */
    public static final class Template {
        private static final int CHAR = 0;
        private static final int WILD = 1;
        private static final int OPTIONAL = 2;
        /** How many characters of literal text before a wildcard's phrase, and after it, hold it in place. */
        private static final int ANCHOR_BEFORE = 2;
        private static final int ANCHOR_AFTER = 1;

        private final List<Segment> segments;
        private final String origin;
        private final String literalText;
        private final List<int[]> items = new ArrayList<>();
        private final List<String> branches = new ArrayList<>();

        Template(List<Segment> segments, String origin) {
            this.segments = segments;
            this.origin = origin;
            StringBuilder text = new StringBuilder();
            for (Segment segment : segments) {
                text.append(segment.literal == null ? "\u0000" : segment.literal);
                if (segment.literal == null) {
                    items.add(new int[] {WILD, segment.wildcardChars});
                } else if (segment.optional) {
                    items.add(new int[] {OPTIONAL, branches.size()});
                    branches.add(segment.literal);
                } else {
                    segment.literal.chars().forEach(c -> items.add(new int[] {CHAR, c}));
                }
            }
            this.literalText = text.toString();
        }

        /** Where the template's first literal is, {@code file:line}. */
        public String origin() {
            return origin;
        }

        int literalChars() {
            int chars = 0;
            for (Segment segment : segments) {
                chars += segment.literal == null ? 0 : segment.literal.length();
            }
            return chars;
        }

        String literalText() {
            return literalText;
        }

        /** Variants in which one wildcard is an exception's message. */
        List<Template> wrapping(List<Template> exceptionMessages) {
            List<Template> variants = new ArrayList<>();
            for (int i = 0; i < segments.size(); i++) {
                if (segments.get(i).literal != null) {
                    continue;
                }
                for (Template message : exceptionMessages) {
                    List<Segment> variant = new ArrayList<>(segments.subList(0, i));
                    variant.addAll(message.segments);
                    variant.addAll(segments.subList(i + 1, segments.size()));
                    variants.add(new Template(Segment.merged(variant), origin + " with " + message.origin));
                }
            }
            return variants;
        }

        /**
         * Whether some message of this template contains the quote. The quote's items are characters and stars
         * ({@code ...}, and both ends); the template's are characters and bounded wildcards. A depth-first search over
         * (quote position, template position), each visited once.
         */
        boolean matches(Quote quote) {
            int[] q = quote.items;
            int width = items.size() + 1;
            boolean[] seen = new boolean[(q.length + 1) * width];
            ArrayList<int[]> stack = new ArrayList<>();
            stack.add(new int[] {0, 0});
            while (!stack.isEmpty()) {
                int[] state = stack.remove(stack.size() - 1);
                int i = state[0];
                int j = state[1];
                if (seen[i * width + j]) {
                    continue;
                }
                seen[i * width + j] = true;
                if (i == q.length && j == items.size()) {
                    return true;
                }
                if (i < q.length && q[i] == Quote.STAR) {
                    stack.add(new int[] {i + 1, j});
                    if (j < items.size()) {
                        stack.add(new int[] {i, j + 1});
                    }
                    continue;
                }
                if (j == items.size()) {
                    continue;
                }
                int[] item = items.get(j);
                if (item[0] == CHAR) {
                    if (i < q.length && q[i] == item[1]) {
                        stack.add(new int[] {i + 1, j + 1});
                    }
                    continue;
                }
                if (item[0] == OPTIONAL) {
                    // Absent, or its text; the quote may leave off at an elision inside it.
                    stack.add(new int[] {i, j + 1});
                    String branch = branches.get(item[1]);
                    int k = 0;
                    while (k < branch.length() && i + k < q.length && q[i + k] == branch.charAt(k)) {
                        k++;
                    }
                    if (k > 0 && (k == branch.length() || (i + k < q.length && q[i + k] == Quote.STAR))) {
                        stack.add(new int[] {i + k, j + 1});
                    }
                    continue;
                }
                // A wildcard: stands for up to item[1] characters of the quote; stars inside its text match nothing.
                // Text of more than two words ("250 is ignored", not "10 s") must lie between literal text of the
                // template that the quote matches on both sides, not at the quote's ends or an elision: a changed
                // phrase would hide in it.
                int chars = 0;
                int spaces = 0;
                boolean anchoredBefore = anchored(q, i - ANCHOR_BEFORE, j - ANCHOR_BEFORE, ANCHOR_BEFORE);
                for (int k = i; ; k++) {
                    boolean phrase = spaces > 1;
                    if (!phrase || (anchoredBefore && anchored(q, k, j + 1, ANCHOR_AFTER))) {
                        stack.add(new int[] {k, j + 1});
                    }
                    if (k == q.length || (phrase && !anchoredBefore)) {
                        break;
                    }
                    if (q[k] == Quote.STAR) {
                        continue;
                    }
                    spaces += Character.isWhitespace(q[k]) ? 1 : 0;
                    if (++chars > item[1]) {
                        break;
                    }
                }
            }
            return false;
        }

        /** Whether the quote's {@code length} characters from {@code i} equal the template's literal characters from {@code j}. */
        private boolean anchored(int[] q, int i, int j, int length) {
            if (i < 0 || j < 0 || i + length > q.length || j + length > items.size()) {
                return false;
            }
            for (int k = 0; k < length; k++) {
                int[] item = items.get(j + k);
                if (item[0] != CHAR || q[i + k] != item[1]) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder();
            for (Segment segment : segments) {
                text.append(segment.literal == null ? "«…»" : segment.optional ? "[" + segment.literal + "]?" : segment.literal);
            }
            return text + " (" + origin + ")";
        }
    }

    /** A literal, a wildcard, or (before resolution) a reference to a named String. */
    static final class Segment {
        final String literal;
        /** A branch of a {@code ?:}: the literal, or nothing (the other branch is another segment). */
        final boolean optional;
        final int wildcardChars;
        final String reference;

        private Segment(String literal, boolean optional, int wildcardChars, String reference) {
            this.literal = literal;
            this.optional = optional;
            this.wildcardChars = wildcardChars;
            this.reference = reference;
        }

        static Segment literal(String text) {
            return new Segment(text, false, 0, null);
        }

        static Segment branch(String text) {
            return new Segment(text, true, 0, null);
        }

        static Segment wildcard(int chars) {
            return new Segment(null, false, chars, null);
        }

        static Segment reference(String name) {
            return new Segment(null, false, WILDCARD_CHARS, name);
        }

        /** Adjacent wildcards become one (as wide as the wider); adjacent literals one literal; empty literals go. */
        static List<Segment> merged(List<Segment> segments) {
            List<Segment> out = new ArrayList<>();
            for (Segment segment : segments) {
                Segment last = out.isEmpty() ? null : out.get(out.size() - 1);
                if (last != null && last.reference == null && segment.reference == null && !last.optional && !segment.optional
                        && (last.literal == null) == (segment.literal == null)) {
                    out.set(out.size() - 1, last.literal == null
                            ? wildcard(Math.max(last.wildcardChars, segment.wildcardChars))
                            : literal(last.literal + segment.literal));
                } else if (segment.literal == null || !segment.literal.isEmpty()) {
                    out.add(segment);
                }
            }
            return out;
        }
    }

    /** A quote from the docs, as characters and stars: {@code ...} and both ends stand for any text. */
    static final class Quote {
        static final int STAR = -1;
        final int[] items;
        final List<String> fragments = new ArrayList<>();

        Quote(String text) {
            List<Integer> list = new ArrayList<>();
            list.add(STAR);
            for (String fragment : text.replace("…", "...").split("\\.\\.\\.", -1)) {
                String trimmed = fragment.strip();
                if (!trimmed.isEmpty()) {
                    fragments.add(trimmed);
                    trimmed.chars().forEach(list::add);
                }
                list.add(STAR);
            }
            items = list.stream().mapToInt(Integer::intValue).toArray();
        }

        /** A cheap filter before the search: a run of 10 characters of the quote appears in the template's text. */
        boolean sharesTextWith(Template template) {
            String text = template.literalText();
            for (String fragment : fragments) {
                if (fragment.length() < 10) {
                    if (fragments.size() == 1 && text.contains(fragment)) {
                        return true;
                    }
                    continue;
                }
                for (int start = 0; start + 10 <= fragment.length(); start++) {
                    if (text.contains(fragment.substring(start, start + 10))) {
                        return true;
                    }
                }
            }
            return false;
        }

        int sharedWords(Template template) {
            String text = template.literalText();
            int shared = 0;
            for (String fragment : fragments) {
                for (String word : fragment.split("\\s+")) {
                    if (word.length() > 2 && text.contains(word)) {
                        shared++;
                    }
                }
            }
            return shared;
        }
    }

    /** One expression's literals, wildcards and references, before references are resolved. */
    static final class Expression {
        final String file;
        final int line;
        final List<Segment> segments = new ArrayList<>();
        String declares;
        boolean inExceptionConstructor;
        boolean readsExceptionMessage;

        Expression(String file, int line) {
            this.file = file;
            this.line = line;
        }

        String origin() {
            return file + ":" + line;
        }
    }

    /** Splits one Java source into its message expressions. Single use. */
    static final class SourceScanner {
        private final String file;
        private final String source;
        private final List<Expression> expressions = new ArrayList<>();
        private final List<Expression> inStatement = new ArrayList<>();
        private final StringBuilder statementCode = new StringBuilder();
        private final StringBuilder gap = new StringBuilder();
        private Expression current;
        private int depth;
        private int anchorDepth;
        private int line = 1;

        SourceScanner(String file, String source) {
            this.file = file;
            this.source = source;
        }

        List<Expression> scan() {
            int i = 0;
            while (i < source.length()) {
                char c = source.charAt(i);
                if (source.startsWith("//", i)) {
                    i = skipTo(i, "\n");
                } else if (source.startsWith("/*", i)) {
                    i = skipTo(i + 2, "*/");
                } else if (source.startsWith("\"\"\"", i)) {
                    int end = source.indexOf("\"\"\"", i + 3);
                    literal(source.substring(i + 3, end).stripIndent());
                    i = countLines(i, end + 3);
                } else if (c == '"') {
                    i = stringLiteral(i);
                } else if (c == '\'') {
                    int end = i + 1;
                    while (source.charAt(end) != '\'') {
                        end += source.charAt(end) == '\\' ? 2 : 1;
                    }
                    code('x');
                    i = end + 1;
                } else {
                    if (c == '\n') {
                        line++;
                    }
                    code(c);
                    i++;
                }
            }
            endStatement();
            return expressions;
        }

        private int skipTo(int from, String end) {
            int at = source.indexOf(end, from);
            int to = at < 0 ? source.length() : at + end.length();
            return countLines(from, to);
        }

        private int countLines(int from, int to) {
            for (int k = from; k < to; k++) {
                if (source.charAt(k) == '\n') {
                    line++;
                }
            }
            return to;
        }

        private int stringLiteral(int start) {
            StringBuilder value = new StringBuilder();
            int i = start + 1;
            while (source.charAt(i) != '"') {
                char c = source.charAt(i);
                if (c == '\\') {
                    char escaped = source.charAt(i + 1);
                    if (escaped == 'u') {
                        value.append((char) Integer.parseInt(source.substring(i + 2, i + 6), 16));
                        i += 6;
                        continue;
                    }
                    value.append(escaped == 'n' ? '\n' : escaped == 't' ? '\t' : escaped);
                    i += 2;
                } else {
                    value.append(c);
                    i++;
                }
            }
            literal(value.toString());
            return i + 1;
        }

        private void literal(String value) {
            boolean branch;
            if (current == null) {
                branch = isBranch(statementCode.toString());
                current = new Expression(file, line);
                anchorDepth = depth;
                Matcher declaration = DECLARATION.matcher(statementCode);
                current.declares = declaration.find() ? declaration.group(1) : null;
                inStatement.add(current);
                expressions.add(current);
                if (statementCode.toString().strip().endsWith("+")) {
                    current.segments.add(Segment.wildcard(WILDCARD_CHARS)); // attribute + " must be true or false"
                }
            } else {
                String between = gap.toString();
                branch = isBranch(between);
                if (!branch && depth > anchorDepth) {
                    gap.append("\"\""); // an argument of a call inside the message: part of an expression
                    statementCode.append("\"\"");
                    return;
                }
                if (branch) {
                    if (between.strip().endsWith("?")) {
                        // What comes before the condition may be printed ("n + (n == 1 ? ..."); the condition is not.
                        current.segments.add(Segment.wildcard(WILDCARD_CHARS));
                    }
                    gap.setLength(0);
                } else {
                    addGap(between.strip());
                }
            }
            statementCode.append("\"\"");
            if (branch) {
                current.segments.add(Segment.branch(value));
                return;
            }
            String[] parts = value.split("\\{}", -1);
            for (int p = 0; p < parts.length; p++) {
                if (p > 0) {
                    current.segments.add(Segment.wildcard(WILDCARD_CHARS));
                }
                current.segments.add(Segment.literal(parts[p]));
            }
        }

        private static boolean isBranch(String codeBefore) {
            String code = codeBefore.strip();
            return code.endsWith("?") || code.endsWith(":");
        }

        /** The code between two literals of one expression, or after its last one: a wildcard or a reference per term. */
        private void addGap(String between) {
            for (String term : terms(between)) {
                String expression = term.strip();
                while (expression.startsWith("(") && expression.endsWith(")")) {
                    expression = expression.substring(1, expression.length() - 1).strip();
                }
                if (!expression.replaceAll("[()\\s]", "").isEmpty()) {
                    Matcher reference = REFERENCE.matcher(expression);
                    current.segments.add(reference.matches()
                            ? Segment.reference(reference.group(1) == null ? reference.group(2) : reference.group(1) + "." + reference.group(2))
                            : Segment.wildcard(WILDCARD_CHARS));
                }
            }
            gap.setLength(0);
        }

        /** The operands of the {@code +}s outside parentheses. */
        private static List<String> terms(String code) {
            List<String> terms = new ArrayList<>();
            int depth = 0;
            int start = 0;
            for (int k = 0; k < code.length(); k++) {
                char c = code.charAt(k);
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
                if (c == '+' && depth <= 0) {
                    terms.add(code.substring(start, k));
                    start = k + 1;
                }
            }
            terms.add(code.substring(start));
            return terms;
        }

        private void code(char c) {
            statementCode.append(c);
            if (c == ';' || c == '{' || c == '}') {
                endExpression();
                endStatement();
                return;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            }
            if (current == null) {
                return;
            }
            if ((c == ')' && depth < anchorDepth) || (c == ',' && depth == anchorDepth)) {
                endExpression();
                return;
            }
            gap.append(c);
        }

        private void endExpression() {
            if (current != null) {
                addGap(gap.toString().strip());
                List<Segment> merged = Segment.merged(current.segments);
                current.segments.clear();
                current.segments.addAll(merged);
                current = null;
            }
            gap.setLength(0);
        }

        private void endStatement() {
            String code = statementCode.toString();
            boolean exception = code.contains("new IllegalArgumentException(") || code.contains("new IllegalStateException(");
            boolean readsMessage = code.contains("getMessage()");
            for (Expression expression : inStatement) {
                expression.inExceptionConstructor = exception;
                expression.readsExceptionMessage = readsMessage && !exception;
            }
            inStatement.clear();
            statementCode.setLength(0);
            if (depth < 0) {
                depth = 0;
            }
        }
    }
}
