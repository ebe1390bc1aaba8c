package io.ringlog.benchmarks.footprint;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;

/**
 * The heap in use once garbage is gone: the heap pools' usage as the last collection left it
 * ({@link MemoryPoolMXBean#getCollectionUsage()}), after {@code System.gc()}. Reading it there, rather than the
 * current usage, leaves out the thread-local allocation buffer that the reading thread takes right after the
 * collection, which counts in full (megabytes for a thread that allocated much) although it is nearly empty. Exact to a
 * few kilobytes with the serial collector told to compact completely ({@code -XX:+UseSerialGC
 * -XX:MarkSweepDeadRatio=0}): by default its full collection may leave up to 5% of the old generation as dead objects
 * it does not bother to move, which then count as used; G1 rounds large arrays up to whole regions. Any thread;
 * {@code RingFootprint} and {@code io.ringlog.benchmarks.heap.HeapHeld} read the heap through it.
 */
public final class HeapUsage {

    private static final int MAX_COLLECTIONS = 10;
    /** Two readings in a row that differ by at most this many bytes count as settled. */
    private static final long SETTLED_BYTES = 4096;

    private HeapUsage() {
    }

    /** Bytes of heap live after full collections, repeated until two readings in a row agree. */
    public static long usedAfterFullGc() {
        long previous = -1;
        for (int i = 0; i < MAX_COLLECTIONS; i++) {
            System.gc();
            long used = usedAfterLastCollection();
            if (previous >= 0 && Math.abs(used - previous) <= SETTLED_BYTES) {
                return used;
            }
            previous = used;
        }
        return previous;
    }

    private static long usedAfterLastCollection() {
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null) {
                used += pool.getCollectionUsage().getUsed();
            }
        }
        return used;
    }

    /** The collectors of this JVM, as their MXBeans name them ("Copy, MarkSweepCompact" is the serial collector). */
    public static String collectors() {
        List<String> names = new ArrayList<>();
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            names.add(collector.getName());
        }
        return String.join(", ", names);
    }

    /** True with {@code -XX:+UseSerialGC -XX:MarkSweepDeadRatio=0}, the settings under which the readings are exact. */
    public static boolean isExact() {
        HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        return collectors().contains("MarkSweepCompact") && "0".equals(hotspot.getVMOption("MarkSweepDeadRatio").getValue());
    }
}
