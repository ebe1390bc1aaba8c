package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Reads a file of {@link LoadWithReloads} lines ({@code t<thread> <n>}) and asserts that each line is one that was
 * logged and is in the file once; counts the lines and those written after a later line of their own thread.
 */
public final class NumberedLines {
    /** Lines in the file. */
    public final long lines;
    /** Lines written after a later line of the same thread (0 when every thread's order was kept). */
    public final long overtaken;

    private NumberedLines(long lines, long overtaken) {
        this.lines = lines;
        this.overtaken = overtaken;
    }

    /** Reads {@code file}, where thread {@code t} logged its events {@code 0 .. logged[t]-1}. */
    public static NumberedLines read(Path file, long[] logged) throws IOException {
        BitSet[] seen = new BitSet[logged.length];
        long[] last = new long[logged.length];
        for (int t = 0; t < logged.length; t++) {
            seen[t] = new BitSet();
        }
        Arrays.fill(last, -1);
        long lines = 0;
        long overtaken = 0;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines++;
                int space = line.indexOf(' ');
                int thread = Integer.parseInt(line.substring(1, space));
                int number = Integer.parseInt(line.substring(space + 1));
                assertThat((long) number).as("line %s is one that was logged", line).isLessThan(logged[thread]);
                assertThat(seen[thread].get(number)).as("line %s is in the file once", line).isFalse();
                if (number < last[thread]) {
                    overtaken++;
                }
                seen[thread].set(number);
                last[thread] = Math.max(last[thread], number);
            }
        }
        return new NumberedLines(lines, overtaken);
    }
}
