package io.ringlog.benchmarks.heap;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.ringlog.benchmarks.footprint.HeapUsage;
import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Measures, in this JVM, the heap one asynchronous setup ({@link HeapVariant}) holds while its queue is full of ERROR
 * events, each with an exception of its own ({@link DatabaseDown}), because its downstream stopped taking them
 * ({@link HeldSink}): the used heap after a full collection ({@link HeapUsage}) before the logging context starts,
 * once it has started (idle, nothing logged), and with the queue full. Then it releases the sink and checks that every
 * event reached it and both files. Writes {@code heap-<variant>.properties} into the output directory for
 * {@link HeapReport}; exits with status 2 if the queue was not full or an event was lost.
 *
 * <pre>{@code
 * java -XX:+UseSerialGC -XX:MarkSweepDeadRatio=0 -Xmx2g -cp benchmarks/target/benchmarks.jar \
 *     io.ringlog.benchmarks.heap.HeapHeld VARIANT --queue 8192 --frames 120 --out DIR
 * }</pre>
 *
 * <p>Filling: one event first, the plug, which the consumer takes and holds in the sink; then exactly as many events
 * as the queue's own API reports room for. The stock appenders took the plug out of their queue, Ringlog and Async
 * Loggers keep it in its slot until it is delivered, so the first hold one event more than their capacity and the
 * second exactly their capacity: every event logged is held, and the queue is full by its own count. Logging never
 * waits for room, so the run cannot hang on a queue that reports more room than it has; a watchdog ends a run that
 * does anyway. One variant per JVM: static caches, the Log4j2 selector's system properties and the held sink are
 * this run's alone.
 */
public final class HeapHeld {

    private static final long WAIT_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final long WATCHDOG_MILLIS = TimeUnit.MINUTES.toMillis(15);
    private static final String ERROR_MARK = " ERROR ";

    private HeapHeld() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 7 || !args[1].equals("--queue") || !args[3].equals("--frames") || !args[5].equals("--out")) {
            System.err.println("usage: HeapHeld VARIANT --queue N --frames F --out DIR (VARIANT: logback-ringlog, ...)");
            System.exit(1);
        }
        HeapVariant variant = HeapVariant.of(args[0]);
        int queueSize = Integer.parseInt(args[2]);
        int frames = Integer.parseInt(args[4]);
        Path out = Path.of(args[6]);
        Path logs = Files.createDirectories(out.resolve("logs-" + variant.id()));
        startWatchdog(variant);

        Properties result = new Properties();
        List<String> problems = new ArrayList<>();
        result.setProperty("variant", variant.id());
        result.setProperty("queue", Integer.toString(queueSize));
        result.setProperty("frames.requested", Integer.toString(frames));
        result.setProperty("frames", Integer.toString(sampleFrames(frames)));
        environment(result);

        long before = HeapUsage.usedAfterFullGc();
        HeldQueue queue = variant.open(queueSize, logs);
        long idle = HeapUsage.usedAfterFullGc();
        HeldSink.hold();
        long logged = fill(queue, frames, problems);
        long queued = queue.queued();
        long remaining = queue.remaining();
        long full = HeapUsage.usedAfterFullGc();
        if (remaining != 0 || queued != queue.capacity()) {
            problems.add("the queue was not full: " + queued + " of " + queue.capacity() + " queued, " + remaining + " free");
        }
        if (HeldSink.delivered() != 0) {
            problems.add(HeldSink.delivered() + " events passed the held sink while it held");
        }
        HeldSink.release();
        awaitDelivered(logged);
        queue.close();
        if (HeldSink.delivered() != logged) {
            problems.add("the held sink received " + HeldSink.delivered() + " of " + logged + " events");
        }
        result.setProperty("heap.before", Long.toString(before));
        result.setProperty("heap.idle", Long.toString(idle));
        result.setProperty("heap.full", Long.toString(full));
        result.setProperty("capacity", Long.toString(queue.capacity()));
        result.setProperty("queued", Long.toString(queued));
        result.setProperty("remaining", Long.toString(remaining));
        result.setProperty("logged", Long.toString(logged));
        result.setProperty("delivered", Long.toString(HeldSink.delivered()));
        if (variant.hasFiles()) {
            for (String file : List.of("FILE1", "FILE2")) {
                Path log = logs.resolve(file + ".log");
                long events = countEvents(log);
                result.setProperty("file." + file + ".events", Long.toString(events));
                result.setProperty("file." + file + ".bytes", Long.toString(Files.size(log)));
                if (events != logged) {
                    problems.add(file + " holds " + events + " of " + logged + " events");
                }
            }
        }
        result.setProperty("problems", String.join("; ", problems));
        Path file = out.resolve("heap-" + variant.id() + ".properties");
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            result.store(writer, "HeapHeld " + String.join(" ", args));
        }
        System.out.printf(Locale.ROOT, "%-25s idle %7.2f MiB, full %8.2f MiB, %6.2f KiB per event, %,d events held%s%n",
                variant.id(), (idle - before) / HeapReport.MIB, (full - before) / HeapReport.MIB,
                (full - idle) / 1024.0 / logged, logged, problems.isEmpty() ? "" : "; FAILED: " + String.join("; ", problems));
        System.exit(problems.isEmpty() ? 0 : 2);
    }

    /**
     * Logs the plug, waits until the sink holds it, then logs as many events as the queue reports room for.
     *
     * @return the events logged, all of them held
     */
    private static long fill(HeldQueue queue, int frames, List<String> problems) {
        int callerFrames = DatabaseDown.depth();
        queue.error(DatabaseDown.message(0), DatabaseDown.exception(0, frames, callerFrames));
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (HeldSink.entered() < 1 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        if (HeldSink.entered() != 1) {
            problems.add("the plug did not reach the held sink");
            return 1;
        }
        long room = queue.remaining();
        for (int i = 1; i <= room; i++) {
            queue.error(DatabaseDown.message(i), DatabaseDown.exception(i, frames, callerFrames));
        }
        return 1 + room;
    }

    /**
     * The stack depth of the events' exceptions, read from one that is made as {@link #fill} makes them (both are
     * called from {@code main}, so the same frames lie below) and not logged: the events' own are left untouched.
     */
    private static int sampleFrames(int frames) {
        int callerFrames = DatabaseDown.depth();
        return DatabaseDown.exception(-1, frames, callerFrames).getStackTrace().length;
    }

    private static void awaitDelivered(long logged) {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (HeldSink.delivered() < logged && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    /** The events a file holds: its lines with the level, one per event (stack trace lines carry none). */
    private static long countEvents(Path log) throws IOException {
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            return lines.filter(line -> line.contains(ERROR_MARK)).count();
        }
    }

    private static void environment(Properties result) {
        HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        result.setProperty("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        result.setProperty("jvm.args", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        result.setProperty("jvm.collectors", HeapUsage.collectors());
        result.setProperty("jvm.exact", Boolean.toString(HeapUsage.isExact()));
        result.setProperty("jvm.maxHeap", Long.toString(Runtime.getRuntime().maxMemory()));
        result.setProperty("jvm.compressedOops", hotspot.getVMOption("UseCompressedOops").getValue());
    }

    /** Ends a run that hangs (a queue that reported more room than it had, a sink never released). */
    private static void startWatchdog(HeapVariant variant) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(WATCHDOG_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            System.err.println("FAILED: " + variant.id() + " did not finish within " + WATCHDOG_MILLIS / 60_000 + " minutes");
            Runtime.getRuntime().halt(3);
        }, "heap-held-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }
}
