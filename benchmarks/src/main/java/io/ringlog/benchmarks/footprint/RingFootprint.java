package io.ringlog.benchmarks.footprint;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.ringlog.benchmarks.support.ToolArguments;
import io.ringlog.core.PipelineStats;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * Measures the heap a Ringlog ring holds, per adapter and ring size: the used heap after a full collection before the
 * logging context starts, once it has started (every slot empty), after every slot has held and delivered one event
 * of each {@link EventShape} in turn, and after the context stopped (which must give everything back). The bytes per
 * slot are the difference between the largest and the smallest ring divided by the difference in slots, so that what
 * does not depend on the size (the context, the appender, the consumer thread's objects) cancels out. Exits with
 * status 2 if an event was dropped or failed.
 *
 * <pre>{@code
 * java -XX:+UseSerialGC -XX:MarkSweepDeadRatio=0 -Xmx2g -cp benchmarks/target/benchmarks.jar \
 *     io.ringlog.benchmarks.footprint.RingFootprint [--after-utf16] [slots...]
 * }</pre>
 *
 * <p>Sizes default to 8192 (Ringlog's default) and 262144 (the default ring of Log4j2's Async Loggers); each must be a
 * power of two, since the ring rounds up. Each run logs from a thread of its own, because Log4j2 formats into a
 * per-thread buffer that a Log4j2 slot then copies: once that buffer has held text outside Latin-1 it stays two bytes
 * per character, and so does every slot it is copied into. {@code --after-utf16} makes each run's thread log one such
 * line first, to measure that case. Use the serial collector, fully compacting, as above: its readings are exact to a
 * few kilobytes (see {@link HeapUsage}).
 */
public final class RingFootprint {

    private static final int[] DEFAULT_SLOTS = {8192, 262_144};
    private static final int WARM_UP_SLOTS = 1024;
    private static final String AFTER_UTF16 = "after-utf16";
    private static final long WAIT_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final double MIB = 1024.0 * 1024.0;
    /** Readings per run: empty, one per shape, after the stop. */
    private static final int READINGS = EventShape.values().length + 2;

    private RingFootprint() {
    }

    public static void main(String[] args) throws Exception {
        ToolArguments arguments = new ToolArguments("usage: RingFootprint [--after-utf16] [SLOTS...]", 0, Integer.MAX_VALUE);
        OptionSpec<Void> afterUtf16Option = arguments.options().accepts(AFTER_UTF16,
                "each run's thread logs a line outside Latin-1 first");
        OptionSet options = arguments.parse(args);
        boolean afterUtf16 = options.has(afterUtf16Option);
        int[] sizes = sizes(ToolArguments.plain(options));
        printEnvironment(afterUtf16);
        boolean lost = false;
        for (Adapter adapter : Adapter.values()) {
            // Loads the classes and fills the static caches (Log4j2's plugin registry, the MBean server) beforehand.
            lost |= !run(adapter, WARM_UP_SLOTS, afterUtf16, new long[READINGS]);
            long[][] used = new long[sizes.length][READINGS];
            for (int s = 0; s < sizes.length; s++) {
                lost |= !run(adapter, sizes[s], afterUtf16, used[s]);
            }
            print(adapter, sizes, used);
        }
        System.exit(lost ? 2 : 0);
    }

    /**
     * One run: the reading before the context starts, the run itself on a fresh thread (see the class notes), and the
     * reading after that thread and the run's Ringlog threads have ended, when nothing of the run may be reachable.
     */
    private static boolean run(Adapter adapter, int slots, boolean afterUtf16, long[] used) throws Exception {
        long before = HeapUsage.usedAfterFullGc();
        boolean[] complete = new boolean[1];
        Exception[] failure = new Exception[1];
        Thread logging = new Thread(() -> {
            try {
                complete[0] = fill(adapter, slots, afterUtf16, before, used);
            } catch (Exception e) {
                failure[0] = e;
            }
        }, "footprint-" + adapter + "-" + slots);
        logging.start();
        logging.join();
        if (failure[0] != null) {
            throw failure[0];
        }
        awaitRinglogThreadsEnded();
        used[READINGS - 1] = HeapUsage.usedAfterFullGc() - before;
        return complete[0];
    }

    /**
     * Starts a context with a ring of {@code slots} and records, relative to {@code before}, the heap used with every
     * slot empty ({@code used[0]}) and after each shape has passed through every slot; then stops the context.
     *
     * @return false if an event was dropped or failed (the figures then mean nothing)
     */
    private static boolean fill(Adapter adapter, int slots, boolean afterUtf16, long before, long[] used) throws Exception {
        long logged = 0;
        try (FootprintRing ring = adapter.open(slots)) {
            used[0] = HeapUsage.usedAfterFullGc() - before;
            if (afterUtf16) {
                ring.log(EventShape.LONG_UTF16, 0);
                logged++;
            }
            for (EventShape shape : EventShape.values()) {
                for (int i = 0; i < slots; i++) {
                    ring.log(shape, i & 127); // Integer's cache: no new object per event
                }
                logged += slots;
                PipelineStats stats = awaitHandedOn(ring, logged);
                if (stats.delivered() != logged || stats.dropped() != 0 || stats.failed() != 0) {
                    System.out.println("ERROR: " + adapter + " with " + slots + " slots delivered " + stats.delivered() + " of "
                            + logged + " events (dropped " + stats.dropped() + ", failed " + stats.failed() + ")");
                    return false;
                }
                used[shape.ordinal() + 1] = HeapUsage.usedAfterFullGc() - before;
            }
        }
        return true;
    }

    /** Waits until the consumer has handed on (and cleared the slot of) every event logged so far. */
    private static PipelineStats awaitHandedOn(FootprintRing ring, long logged) {
        long deadline = System.nanoTime() + WAIT_NANOS;
        PipelineStats stats = ring.stats();
        while (stats.delivered() + stats.failed() + stats.dropped() < logged && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            stats = ring.stats();
        }
        return stats;
    }

    /** The consumer ends with the stop; the summary thread about a second after the last appender stopped. */
    private static void awaitRinglogThreadsEnded() {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (ringlogThreadAlive() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    private static boolean ringlogThreadAlive() {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("ringlog-")) {
                return true;
            }
        }
        return false;
    }

    private static int[] sizes(List<String> args) {
        if (args.isEmpty()) {
            return DEFAULT_SLOTS.clone();
        }
        int[] sizes = new int[args.size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = Integer.parseInt(args.get(i).replace("_", "").replace(",", ""));
            if (Integer.bitCount(sizes[i]) != 1) {
                throw new IllegalArgumentException("slots must be a power of two (the ring rounds up), was " + args.get(i));
            }
        }
        return sizes;
    }

    private static void printEnvironment(boolean afterUtf16) {
        HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        System.out.printf(Locale.ROOT, "JVM: %s %s; collectors: %s; max heap %.0f MiB; UseCompressedOops=%s%n",
                System.getProperty("java.vm.name"), System.getProperty("java.vm.version"), HeapUsage.collectors(),
                Runtime.getRuntime().maxMemory() / MIB, hotspot.getVMOption("UseCompressedOops").getValue());
        if (!HeapUsage.isExact()) {
            System.out.println("WARNING: without -XX:+UseSerialGC -XX:MarkSweepDeadRatio=0 the readings include dead objects or "
                    + "whole regions");
        }
        for (EventShape shape : EventShape.values()) {
            System.out.printf(Locale.ROOT, "event %s: message of %d characters, 1 MDC entry%n", shape, shape.formattedLength());
        }
        System.out.println(afterUtf16
                ? "each run's logging thread first logs one line with text outside Latin-1 (" + AFTER_UTF16 + ")"
                : "each run's logging thread is new: it has logged nothing before");
    }

    private static void print(Adapter adapter, int[] sizes, long[][] used) {
        System.out.println();
        StringBuilder header = new StringBuilder("| " + adapter + " | empty ring");
        for (EventShape shape : EventShape.values()) {
            header.append(" | after ").append(shape);
        }
        System.out.println(header.append(" | after the stop |"));
        System.out.println("|---|---:" + "|---:".repeat(READINGS - 1) + "|");
        for (int s = 0; s < sizes.length; s++) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "| %,d slots", sizes[s]));
            for (long bytes : used[s]) {
                row.append(String.format(Locale.ROOT, " | %.2f MiB", bytes / MIB));
            }
            System.out.println(row.append(" |"));
        }
        if (sizes.length > 1) {
            int last = sizes.length - 1;
            StringBuilder row = new StringBuilder("| bytes per slot");
            for (int reading = 0; reading < READINGS - 1; reading++) {
                double perSlot = (double) (used[last][reading] - used[0][reading]) / (sizes[last] - sizes[0]);
                row.append(String.format(Locale.ROOT, " | %.1f", perSlot));
            }
            System.out.println(row.append(" | |"));
        }
    }
}
