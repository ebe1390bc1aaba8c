package io.ringlog.benchmarks.heap;

import io.ringlog.benchmarks.report.Environment;
import io.ringlog.benchmarks.report.RunReadings;
import io.ringlog.benchmarks.support.ReportCommandLine;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Renders {@code heap-report.md} from the {@code heap-<variant>.properties} that {@link HeapHeld} wrote into a results
 * directory: per variant the heap held idle and with the queue full, the heap per event held, and the checks that the
 * queue was full and that nothing was lost; for Ringlog the byte bound in effect, what filled the queue, and the
 * adapter's estimate per event against the measurement; the machine, the JVM, its heap settings and the exact command
 * above. Exits with status 2 if a variant is missing or failed a check.
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar io.ringlog.benchmarks.heap.HeapReport DIR --command "benchmarks/heap-held"
 * }</pre>
 */
public final class HeapReport {

    /** Bytes in a MiB. */
    static final double MIB = 1024.0 * 1024.0;

    private HeapReport() {
    }

    public static void main(String[] args) throws Exception {
        ReportCommandLine commandLine = ReportCommandLine.parse("HeapReport", null, args);
        Path dir = commandLine.dir();
        Map<HeapVariant, Properties> runs = new EnumMap<>(HeapVariant.class);
        List<String> failures = new ArrayList<>();
        for (HeapVariant variant : HeapVariant.values()) {
            Path file = dir.resolve("heap-" + variant.id() + ".properties");
            if (!Files.exists(file)) {
                failures.add(variant.id() + ": no result (its JVM failed; see heap-" + variant.id() + ".log)");
                continue;
            }
            Properties run = RunReadings.load(file);
            runs.put(variant, run);
            if (!run.getProperty("problems", "").isEmpty()) {
                failures.add(variant.id() + ": " + run.getProperty("problems"));
            }
        }
        String report = render(runs, failures, Environment.capture(), commandLine.command());
        Files.writeString(dir.resolve("heap-report.md"), report, StandardCharsets.UTF_8);
        System.out.print(report);
        System.exit(failures.isEmpty() ? 0 : 2);
    }

    static String render(Map<HeapVariant, Properties> runs, List<String> failures, Properties env, String command) {
        StringBuilder md = new StringBuilder();
        Properties any = runs.values().stream().findFirst().orElse(new Properties());
        md.append("# Heap held by a full queue\n\n");
        md.append("Machine: ").append(Environment.machine(env)).append(".  \n");
        md.append("JDK: ").append(any.getProperty("jvm", "?")).append("; collectors ").append(any.getProperty("jvm.collectors", "?"))
                .append(String.format(Locale.ROOT, "; max heap %.0f MiB", Long.parseLong(any.getProperty("jvm.maxHeap", "0")) / MIB))
                .append("; compressed references ").append(any.getProperty("jvm.compressedOops", "?")).append(".  \n");
        md.append("Heap settings of each variant's JVM: `").append(any.getProperty("jvm.args", "?")).append("`")
                .append("true".equals(any.getProperty("jvm.exact")) ? "" : " (**not** the serial collector with "
                        + "`-XX:MarkSweepDeadRatio=0`: the readings may include dead objects)").append(".  \n");
        md.append("Library: Ringlog ").append(env.getProperty("version.ringlog", "?")).append(" at commit ")
                .append(env.getProperty("env.git", "unknown")).append("; Logback ").append(env.getProperty("version.logback", "?"))
                .append(", log4j-core ").append(env.getProperty("version.log4j2", "?")).append(", Disruptor (Async Loggers) ")
                .append(env.getProperty("version.disruptor.log4j2", "?")).append(".  \n");
        md.append("Command: `").append(command).append("`, ").append(env.getProperty("env.started", "")).append(".\n\n");

        md.append(failures.isEmpty()
                ? "Every queue was full when the heap was read: by its own API's count, or, for Ringlog with its byte bound, "
                + "with the producer waiting inside Ringlog for the bound to make room; after the release every event, the "
                + "waiting one too, reached the held sink and both files.\n\n"
                : "**CHECK FAILED**, the figures of these variants mean nothing:\n\n" + RunReadings.failureList(failures) + "\n");

        md.append(String.format(Locale.ROOT, "A queue of %s places, each event an ERROR with an exception of its own, %s frames deep. "
                        + "The heap is the used heap after a full collection, less the heap before the logging context started.%n%n",
                group(any.getProperty("queue", "?")), any.getProperty("frames", "?")));
        md.append("| variant | idle MiB | full-queue MiB | per-event KiB | events held | per event ÷ the stock appender's with the same downstream |\n");
        md.append("|---|---:|---:|---:|---:|---:|\n");
        for (Map.Entry<HeapVariant, Properties> entry : runs.entrySet()) {
            HeapVariant variant = entry.getKey();
            Properties run = entry.getValue();
            Properties stock = runs.get(variant.stock());
            String ratio = stock == null || variant == variant.stock() ? ""
                    : String.format(Locale.ROOT, "×%.2f", perEvent(run) / perEvent(stock));
            md.append(String.format(Locale.ROOT, "| %s%s | %.2f | %.2f | %.2f | %,d | %s |%n", variant.label(),
                    run.getProperty("problems", "").isEmpty() ? "" : " ⚠", mib(run, "heap.idle"), mib(run, "heap.full"),
                    perEvent(run) / 1024.0, Long.parseLong(run.getProperty("logged")), ratio));
        }
        md.append("\nidle: started, nothing logged; full-queue: with the queue full; per-event: (full − idle) ÷ events held. "
                + "The stock appenders' consumer took the first event out of its queue and is holding it in the sink, so they hold "
                + "one event more than their capacity; Ringlog and Async Loggers keep it in its slot. Where Ringlog's byte bound "
                + "filled the queue, the events held are those queued and the one the producer waits to queue, prepared and "
                + "encoded.\n\n");
        byteBound(md, runs);

        md.append("## Checks\n\n");
        md.append("| variant | heap before start MiB | full by | queued (its API) | free (its API) | sink received | each file's events | file bytes per event |\n");
        md.append("|---|---:|---|---:|---:|---:|---:|---:|\n");
        for (Map.Entry<HeapVariant, Properties> entry : runs.entrySet()) {
            Properties run = entry.getValue();
            String fileEvents = run.getProperty("file.FILE1.events") == null ? "no files"
                    : group(run.getProperty("file.FILE1.events")) + ", " + group(run.getProperty("file.FILE2.events"));
            String fileBytes = run.getProperty("file.FILE1.bytes") == null ? ""
                    : String.format(Locale.ROOT, "%,.0f", Double.parseDouble(run.getProperty("file.FILE1.bytes"))
                    / Long.parseLong(run.getProperty("logged")));
            md.append(String.format(Locale.ROOT, "| %s | %.2f | %s | %s of %s | %s | %s | %s | %s |%n", entry.getKey().label(),
                    Long.parseLong(run.getProperty("heap.before")) / MIB, filledBy(run), group(run.getProperty("queued")),
                    group(run.getProperty("capacity")), group(run.getProperty("remaining")), group(run.getProperty("delivered")),
                    fileEvents, fileBytes));
        }
        md.append("\nEach variant ran in a JVM of its own. The heap is read with `MemoryPoolMXBean.getCollectionUsage()` summed "
                + "over the heap pools after `System.gc()`, repeated until two readings agree within 4 KiB; with the serial "
                + "collector and `-XX:MarkSweepDeadRatio=0` each is a full, fully compacting collection, so the reading is the "
                + "live heap to a few KiB, the same from run to run. The queue filled behind a sink that held the consumer on "
                + "the first event; the rest were logged while it held, on a thread of their own, at most as many as the queue's "
                + "own API reported room for. Full by the byte bound: the producer was parked inside Ringlog with one event "
                + "fewer queued than it had logged and free slots left, unchanged for 50 ms and across the reading; the "
                + "queued events' estimated weights were within the bound and the waiting event's passed it, as the adapter "
                + "computes them. The file bytes per event are what each file appender wrote per event once released: the size of what "
                + "an encoder makes of one event.\n");
        return md.toString();
    }

    /**
     * The byte bound and the adapter's estimate, one row per Ringlog variant: the bound in effect, what filled the queue
     * and how much of the bound the queued events took by the estimate, then the estimate per event against the
     * measured heap per event.
     */
    private static void byteBound(StringBuilder md, Map<HeapVariant, Properties> runs) {
        if (runs.entrySet().stream().noneMatch(entry -> entry.getKey().isRinglog() && entry.getValue().getProperty("estimate.bytes") != null)) {
            return;
        }
        md.append("## The byte bound and the adapter's estimate\n\n");
        md.append("| variant | `maxQueueBytes` in effect | full by | events queued | estimated KiB queued | "
                + "the adapter's estimate per event KiB | measured per event KiB | estimate ÷ measured |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|\n");
        for (Map.Entry<HeapVariant, Properties> entry : runs.entrySet()) {
            Properties run = entry.getValue();
            if (!entry.getKey().isRinglog() || run.getProperty("estimate.bytes") == null) {
                continue;
            }
            long bound = Long.parseLong(run.getProperty("maxQueueBytes"));
            long maxHeap = Long.parseLong(run.getProperty("jvm.maxHeap", "0"));
            String inEffect = bound == 0 ? "0 (off)" : String.format(Locale.ROOT, "%.2f MiB%s", bound / MIB,
                    maxHeap > 0 && bound == maxHeap / 16 ? String.format(Locale.ROOT, " (max heap %.0f MiB ÷ 16)", maxHeap / MIB) : "");
            String queuedKib = bound == 0 ? group(run.getProperty("estimate.queuedKib"))
                    : group(run.getProperty("estimate.queuedKib")) + " of " + group(run.getProperty("estimate.boundKib"));
            double estimate = Double.parseDouble(run.getProperty("estimate.bytes"));
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %.2f | %.2f | ×%.2f |%n", entry.getKey().label(), inEffect,
                    filledBy(run), group(run.getProperty("queued")), queuedKib, estimate / 1024.0, perEvent(run) / 1024.0,
                    estimate / perEvent(run)));
        }
        md.append("\nThe estimate is the adapter's, redone from each event's parts (Logback: " + AdapterEstimate.LOGBACK_EVENT_BYTES
                + " B, " + AdapterEstimate.LOGBACK_FRAME_BYTES + " B a stack frame, "
                + (AdapterEstimate.LOGBACK_FRAME_BYTES + AdapterEstimate.LOGBACK_FRAME_TEXT_BYTES) + " B once encoded on the caller, the "
                + "message's and the exception message's characters, and the bytes encoded on the caller, here what the two "
                + "files received for the event; Log4j2: " + AdapterEstimate.LOG4J2_EVENT_BYTES + " B and "
                + AdapterEstimate.LOG4J2_THROWN_BYTES + " B an exception of the cause chain, the message not counted when it is "
                + "reusable, as under Log4j2's garbage-free default), averaged over the events held. The byte bound counts "
                + "each event of 1 KiB or more at its estimate rounded up to whole KiB; estimated KiB queued: those of the "
                + "queued events, against the bound in KiB. The estimate ÷ measured tells how far the bound is from the heap "
                + "it stands for: above 1, the queue stops before it holds the bound's worth of heap.\n\n");
    }

    /** How the queue was full when the heap was read. */
    private static String filledBy(Properties run) {
        String filled = run.getProperty("filled", "slots");
        return filled.equals("bytes") ? "byte bound, producer waiting" : filled.equals("slots") ? "slots" : "neither";
    }

    private static double perEvent(Properties run) {
        return (double) (Long.parseLong(run.getProperty("heap.full")) - Long.parseLong(run.getProperty("heap.idle")))
                / Long.parseLong(run.getProperty("logged"));
    }

    private static double mib(Properties run, String key) {
        return (Long.parseLong(run.getProperty(key)) - Long.parseLong(run.getProperty("heap.before"))) / MIB;
    }

    private static String group(String number) {
        return number == null ? "?" : String.format(Locale.ROOT, "%,d", Long.parseLong(number));
    }
}
