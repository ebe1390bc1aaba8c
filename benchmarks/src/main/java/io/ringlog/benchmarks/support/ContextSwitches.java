package io.ringlog.benchmarks.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's context switches so far, as Linux counts them in {@code /proc/thread-self/status}: voluntary
 * (the thread blocked: a park, a lock, I/O, a safepoint) and involuntary (the scheduler preempted it). Read outside
 * any timed section: each read opens a file. Immutable.
 *
 * @param voluntary   {@code voluntary_ctxt_switches}
 * @param involuntary {@code nonvoluntary_ctxt_switches}
 */
record ContextSwitches(long voluntary, long involuntary) {

    private static final Path STATUS = Path.of("/proc/thread-self/status");
    /** Where the counts cannot be read (not Linux). */
    static final ContextSwitches UNKNOWN = new ContextSwitches(-1, -1);

    /** The current thread's counts, or {@link #UNKNOWN}. */
    static ContextSwitches ofCurrentThread() {
        long voluntary = -1;
        long involuntary = -1;
        try {
            for (String line : Files.readAllLines(STATUS, StandardCharsets.US_ASCII)) {
                if (line.startsWith("voluntary_ctxt_switches:")) {
                    voluntary = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                    involuntary = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return UNKNOWN;
        }
        return voluntary < 0 || involuntary < 0 ? UNKNOWN : new ContextSwitches(voluntary, involuntary);
    }

    /** The voluntary switches since {@code earlier}; both must be known. */
    long voluntarySince(ContextSwitches earlier) {
        return voluntary - earlier.voluntary;
    }

    /** The involuntary switches since {@code earlier}; both must be known. */
    long involuntarySince(ContextSwitches earlier) {
        return involuntary - earlier.involuntary;
    }
}
