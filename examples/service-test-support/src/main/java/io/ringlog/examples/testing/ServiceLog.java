package io.ringlog.examples.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The log of an example service as it is on disk: the active file and the files rolled beside it
 * ({@code service.log.<date>.<n>.gz}). Not thread-safe; read it after the writes one waits for.
 */
public final class ServiceLog {

    /**
     * The messages each answered request logs with its request id, in the order the service logs them: two DEBUG
     * and two INFO lines of the service code, then the access line.
     */
    public static final List<String> REQUEST_MESSAGES =
            List.of("work requested", "computing primes", "computed", "responding", "GET /work");

    private static final Pattern REQUEST_ID = Pattern.compile(" \\[([0-9a-f]+-[0-9]+)\\] ");

    private final Path file;

    /**
     * @param file the active log file ({@code logging.file.name})
     */
    public ServiceLog(Path file) {
        this.file = file;
    }

    /**
     * @return every line of the active and rolled files, the rolled ones first; none if nothing is written yet
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            return lines;
        }
        String name = file.getFileName().toString();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path rolled : files.filter(p -> p.getFileName().toString().startsWith(name + ".")).sorted().toList()) {
                try (InputStream in = new GZIPInputStream(Files.newInputStream(rolled))) {
                    lines.addAll(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
                }
            }
            if (Files.exists(file)) {
                lines.addAll(Files.readAllLines(file, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    /**
     * @return the lines that carry a request id, by request id
     */
    public Map<String, List<String>> linesByRequestId() {
        Map<String, List<String>> byId = new HashMap<>();
        for (String line : lines()) {
            String requestId = requestId(line);
            if (requestId != null) {
                byId.computeIfAbsent(requestId, id -> new ArrayList<>()).add(line);
            }
        }
        return byId;
    }

    /**
     * @param line a line of the log
     * @return the request id it carries, or {@code null}
     */
    public static String requestId(String line) {
        Matcher m = REQUEST_ID.matcher(line);
        return m.find() ? m.group(1) : null;
    }

    /**
     * @param requestLines the lines of one request
     * @return the {@link #REQUEST_MESSAGES} none of the lines contains
     */
    public static List<String> missingMessages(List<String> requestLines) {
        return REQUEST_MESSAGES.stream().filter(m -> requestLines.stream().noneMatch(l -> l.contains(m))).toList();
    }
}
