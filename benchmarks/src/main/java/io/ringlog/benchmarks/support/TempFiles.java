package io.ringlog.benchmarks.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The scratch directory of one trial's log files: created at set-up, deleted at tear-down. */
public final class TempFiles {

    private TempFiles() {
    }

    /** Creates a fresh directory under {@code java.io.tmpdir}. */
    public static Path createDirectory() throws IOException {
        return Files.createTempDirectory("ringlog-bench-");
    }

    /** Deletes the directory and everything in it; a missing directory is fine. */
    public static void delete(Path directory) {
        if (directory == null || !Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
