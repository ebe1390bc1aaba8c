package io.ringlog.benchmarks.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * The end-of-trial check every benchmark runs after its context has stopped: a lossless contender must have
 * delivered exactly what was logged, a lossy one may have delivered less, never more. Publishes the counts
 * and the dropped share as side results; a failure is appended to {@code verification-failures.txt} in the
 * results directory ({@value #OUT_DIR_PROPERTY}) and thrown, which fails the trial.
 */
public final class Delivery {

    /** The system property naming the results directory the forked JVMs report into. */
    public static final String OUT_DIR_PROPERTY = "ringlog.bench.out";
    /** The file a failed verification is appended to. */
    public static final String FAILURES_FILE = "verification-failures.txt";

    private Delivery() {
    }

    /**
     * Verifies and publishes one trial's delivery.
     *
     * @throws IllegalStateException if events were lost by a lossless contender, or invented by anyone
     */
    public static void verify(String contender, boolean lossless, long logged, long delivered) {
        SideResults.put("delivery.logged", logged, "events");
        SideResults.put("delivery.delivered", delivered, "events");
        double droppedShare = logged == 0 ? 0 : (double) (logged - delivered) / logged;
        SideResults.put("delivery.dropped.share", droppedShare, "ratio");
        String failure = null;
        if (delivered > logged) {
            failure = contender + ": the sink received " + delivered + " events but only " + logged + " were logged";
        } else if (lossless && delivered != logged) {
            failure = contender + " is lossless but delivered " + delivered + " of " + logged + " events ("
                    + (logged - delivered) + " lost)";
        }
        if (failure != null) {
            record(failure);
            throw new IllegalStateException("DELIVERY CHECK FAILED: " + failure);
        }
    }

    private static void record(String failure) {
        String dir = System.getProperty(OUT_DIR_PROPERTY);
        if (dir == null) {
            return;
        }
        try {
            Files.writeString(Path.of(dir, FAILURES_FILE), Instant.now() + " " + failure + System.lineSeparator(),
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("could not record the delivery failure in " + dir + ": " + e);
        }
    }

    /** Counts the lines of a log file: the events a file sink delivered. */
    public static long countLines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        long lines = 0;
        byte[] buffer = new byte[1 << 16];
        try (var in = Files.newInputStream(file)) {
            for (int read; (read = in.read(buffer)) > 0; ) {
                for (int i = 0; i < read; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
            }
        }
        return lines;
    }
}
