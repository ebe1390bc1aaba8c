package io.ringlog.benchmarks.report;

import java.util.EnumMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a service JVM's threads spent during one measured run, by role: the CPU seconds and the context switches that
 * the driver {@code benchmarks/service} read from {@code /proc} before and after the run and wrote as
 * {@code threads-*.txt}, one line per group of threads. A voluntary switch is a sleep (the thread blocked: on a lock, a
 * queue, a park, a socket) and costs a wake-up; a nonvoluntary one is a preemption. Counts of wake-ups do not depend
 * on how fast the host is, so they say, on any host, what a design asks of the scheduler. Immutable.
 *
 * @param roles the sums of each role's groups; a role with no thread is absent
 */
record ThreadUse(Map<Role, Spent> roles) {

    /** A run without a {@code threads-*.txt} (results from before the driver wrote them). */
    static final ThreadUse NONE = new ThreadUse(Map.of());

    /** One line of {@code threads-*.txt}: {@code cpu 6.95 s  voluntary 5099  nonvoluntary 2136  http-nio-N-}. */
    private static final Pattern LINE = Pattern.compile("^cpu\\s+([0-9.]+) s\\s+voluntary\\s+(-?\\d+)\\s+nonvoluntary\\s+(-?\\d+)\\s+(.+)$");

    /** What the threads of one role spent: CPU seconds, sleeps (voluntary switches), preemptions (nonvoluntary ones). */
    record Spent(double cpuSeconds, long sleeps, long preemptions) {

        /** What no thread spent: a role without threads, and the start of a sum. */
        static final Spent NOTHING = new Spent(0, 0, 0);

        Spent plus(Spent other) {
            return new Spent(cpuSeconds + other.cpuSeconds, sleeps + other.sleeps, preemptions + other.preemptions);
        }
    }

    /**
     * The roles a thread plays in the example service, from its name as {@code /proc} gives it (at most 15 characters,
     * numbers after {@code -} blanked to {@code N}).
     */
    enum Role {
        /**
         * Tomcat's threads: the request threads, the poller and the acceptor share a 15-character name prefix; with
         * virtual request threads ({@code spring.threads.virtual.enabled}), the carrier threads that run them
         * ({@code ForkJoinPool-N-worker-N}, the JDK's scheduler of virtual threads; the common pool is
         * {@code ForkJoinPool.commonPool-*}).
         */
        TOMCAT,
        /**
         * The thread an asynchronous variant hands events to: Ringlog's {@code ringlog-<appender>}, Logback's
         * {@code AsyncAppender-Worker-*}, Log4j2's {@code <Async>} dispatcher and Async Loggers' thread.
         */
        HAND_OFF,
        /** Any other thread of the logging frameworks or of Ringlog: compression of rolled files, Ringlog's reporter. */
        OTHER_LOGGING,
        /** The JVM's threads (collector, JIT, VM thread) and the rest. */
        JVM_AND_REST;

        static Role of(String group) {
            if (group.startsWith("http-nio-") || group.startsWith("ForkJoinPool-N-")) {
                return TOMCAT;
            }
            if ((group.startsWith("ringlog-") && !group.startsWith("ringlog-reporte")) || group.startsWith("AsyncAppender")
                    || group.startsWith("Log4j2-AsyncApp") || group.startsWith("Log4j2-TF-N-Asy")) {
                return HAND_OFF;
            }
            if (group.startsWith("ringlog-") || group.startsWith("Log4j2-") || group.startsWith("logback-")) {
                return OTHER_LOGGING;
            }
            return JVM_AND_REST;
        }
    }

    /**
     * @param text a {@code threads-*.txt} file's content
     * @return its groups summed by role
     * @throws IllegalArgumentException if a non-blank line is not such a line
     */
    static ThreadUse parse(String text) {
        Map<Role, Spent> roles = new EnumMap<>(Role.class);
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            Matcher m = LINE.matcher(line.strip());
            if (!m.matches()) {
                throw new IllegalArgumentException("not a line of a threads file: " + line);
            }
            Spent spent = new Spent(Double.parseDouble(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)));
            roles.merge(Role.of(m.group(4).strip()), spent, Spent::plus);
        }
        return new ThreadUse(Map.copyOf(roles));
    }

    /** Whether the run recorded its threads. */
    boolean recorded() {
        return !roles.isEmpty();
    }

    /** What one role spent; nothing if no thread of it ran. */
    Spent of(Role role) {
        return roles.getOrDefault(role, Spent.NOTHING);
    }

    /** What every thread spent. */
    Spent all() {
        return roles.values().stream().reduce(Spent.NOTHING, Spent::plus);
    }
}
