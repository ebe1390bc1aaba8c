package io.ringlog.contract;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The files of a {@link Scenario#ROLLING} appender: the rolled ones ({@code app.<yyyy-MM-dd_HH-mm-ss>.<i>.log.gz}) in the
 * order they were rolled (by period, then index), then the active {@code app.log}; read whole, gzip or not.
 */
final class RolledFiles {
    static final String ACTIVE = "app.log";
    private static final Pattern ROLLED = Pattern.compile("app\\.(\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2})\\.(\\d+)\\.log\\.gz");

    private RolledFiles() {
    }

    /** Names in {@code dir} that are neither the active file nor a finished rolled one (a rollover or compression under way). */
    static List<String> unfinished(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> !n.equals(ACTIVE) && !ROLLED.matcher(n).matches())
                    .collect(Collectors.toList());
        }
    }

    /** The rolled files in rollover order. */
    static List<Path> rolled(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> ROLLED.matcher(f.getFileName().toString()).matches())
                    .sorted(Comparator.comparing((Path f) -> group(f, 1)).thenComparingInt(f -> Integer.parseInt(group(f, 2))))
                    .collect(Collectors.toList());
        }
    }

    private static String group(Path file, int group) {
        Matcher matcher = ROLLED.matcher(file.getFileName().toString());
        if (!matcher.matches()) {
            throw new IllegalArgumentException(file.toString());
        }
        return matcher.group(group);
    }

    /** Hands every line of the rolled files, then of the active one, to {@code lines}, in that order. */
    static void readAll(Path dir, Consumer<String> lines) throws IOException {
        List<Path> files = new ArrayList<>(rolled(dir));
        Path active = dir.resolve(ACTIVE);
        if (Files.exists(active)) {
            files.add(active);
        }
        for (Path file : files) {
            try (InputStream raw = Files.newInputStream(file);
                 InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
                 BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    lines.accept(line);
                }
            }
        }
    }
}
