package io.ringlog.contract;

import io.ringlog.core.EventLevel;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a file written under {@link StressLoad} holds, read once, streaming: the lines per level, and every
 * defect found — a line that is not exactly the event it names, an event out of its producer's order or
 * written twice, or (for a lossless run) an event missing. Only the first few defects are kept.
 */
final class FileAudit {
    private static final int DEFECTS_KEPT = 10;

    private final Map<EventLevel, Long> perLevel = new EnumMap<>(EventLevel.class);
    private final List<String> defects = new ArrayList<>();
    private final long[] nextIndex;
    private long lines;
    private long defectCount;

    private FileAudit(int producers) {
        nextIndex = new long[producers];
        for (EventLevel level : EventLevel.values()) {
            perLevel.put(level, 0L);
        }
    }

    /**
     * Reads {@code file}. With {@code lossless}, each producer's events must follow one another without a gap;
     * otherwise they must only keep their order (events dropped in between are allowed).
     */
    static FileAudit of(Path file, int producers, boolean lossless) throws IOException {
        FileAudit audit = new FileAudit(producers);
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                audit.check(line, lossless);
            }
        }
        return audit;
    }

    private void check(String line, boolean lossless) {
        lines++;
        String[] parts = line.split("\\|", 4);
        int producer;
        long index;
        try {
            producer = Integer.parseInt(parts[1].substring("stress-".length()));
            String message = parts[3];
            index = Long.parseLong(message.substring(message.indexOf('#') + 1, message.indexOf(' ', message.indexOf('#'))));
        } catch (RuntimeException unreadable) {
            defect("line " + lines + " is not an event of the load: " + line);
            return;
        }
        if (producer < 0 || producer >= nextIndex.length || !line.equals(StressLoad.expectedLine(producer, index))) {
            defect("line " + lines + " is damaged: " + line);
            return;
        }
        long expected = nextIndex[producer];
        if (index < expected || lossless && index != expected) {
            defect("line " + lines + ": producer " + producer + " event " + index + " where " + expected
                    + (lossless ? " was due" : " or later was due"));
        }
        nextIndex[producer] = Math.max(expected, index + 1);
        perLevel.merge(StressLoad.level(index), 1L, Long::sum);
    }

    private void defect(String what) {
        defectCount++;
        if (defects.size() < DEFECTS_KEPT) {
            defects.add(what);
        }
    }

    /** The number of lines read. */
    long lines() {
        return lines;
    }

    /** Lines per level. */
    Map<EventLevel, Long> perLevel() {
        return perLevel;
    }

    /** For each producer, the index after the last event of it in the file. */
    long[] nextIndexPerProducer() {
        return nextIndex.clone();
    }

    /** The defects found ({@link #DEFECTS_KEPT} at most), for an assertion message; empty if there were none. */
    List<String> defects() {
        return defects;
    }

    @Override
    public String toString() {
        return lines + " lines, " + defectCount + " defects " + defects + ", per level " + perLevel
                + ", next index per producer " + Arrays.toString(nextIndex);
    }
}
