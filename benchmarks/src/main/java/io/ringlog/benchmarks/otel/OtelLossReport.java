package io.ringlog.benchmarks.otel;

import io.ringlog.benchmarks.report.Environment;
import io.ringlog.benchmarks.report.RunReadings;
import io.ringlog.benchmarks.support.ReportCommandLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Renders {@code otel-loss-report.md} from the {@code otel-loss-<setup>-<batch>.properties} that {@link OtelLoss}
 * wrote into a results directory: per setup and batch settings, what was logged, what reached the SDK, what its batch
 * processor dropped (during the load and at shutdown) and what the receiver got; then, from any
 * {@code otel-queue-held-*.properties} of {@link OtelQueueHeld}, the heap a full batch queue holds; the machine, the
 * JVM, the versions and the exact command above. Exits with status 2 if a run is missing, its SDK did not shut down,
 * its counts do not add up (the receiver got other than what reached the SDK less what the batch processor dropped),
 * or a heap reading was not taken with a full queue and the exact collector settings.
 *
 * <pre>{@code
 * java -cp 'benchmarks/target/benchmarks.jar:benchmarks/target/opentelemetry-lib/*' \
 *     io.ringlog.benchmarks.otel.OtelLossReport DIR --command "benchmarks/otel-loss"
 * }</pre>
 */
public final class OtelLossReport {

    private OtelLossReport() {
    }

    public static void main(String[] args) throws Exception {
        ReportCommandLine commandLine = ReportCommandLine.parse("OtelLossReport", null, args);
        Path dir = commandLine.dir();
        List<Properties> runs = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        boolean paced = Files.exists(dir.resolve(OtelLoss.fileName(LossSetup.values()[0], BatchSettings.values()[0], 1)));
        for (long rate : paced ? new long[] {0, 1} : new long[] {0}) {
            for (BatchSettings batch : BatchSettings.values()) {
                for (LossSetup setup : LossSetup.values()) {
                    read(dir.resolve(OtelLoss.fileName(setup, batch, rate)), runs, failures);
                }
            }
        }
        List<Properties> held = new ArrayList<>();
        for (BatchSettings batch : BatchSettings.values()) {
            for (LossSetup setup : LossSetup.values()) {
                for (OtelQueueHeld.Shape shape : OtelQueueHeld.Shape.values()) {
                    Path file = dir.resolve(OtelQueueHeld.fileName(setup, batch, shape));
                    if (Files.exists(file)) {
                        held.add(readHeld(file, failures));
                    }
                }
            }
        }
        String report = render(runs, held, failures, Environment.capture(), commandLine.command());
        Files.writeString(dir.resolve("otel-loss-report.md"), report, StandardCharsets.UTF_8);
        System.out.print(report);
        System.exit(failures.isEmpty() ? 0 : 2);
    }

    /** Adds the run in {@code file} to {@code runs}, and what is wrong with it to {@code failures}. */
    private static void read(Path file, List<Properties> runs, List<String> failures) throws IOException {
        String name = file.getFileName().toString();
        if (!Files.exists(file)) {
            failures.add(name + ": no result (see its .log)");
            return;
        }
        Properties run = RunReadings.load(file);
        runs.add(run);
        if (!Boolean.parseBoolean(run.getProperty("shutdown.success"))) {
            failures.add(name + ": the SDK did not shut down in time");
        }
        if (count(run, "received") != count(run, "emitted") - count(run, "dropped")) {
            failures.add(name + ": received " + count(run, "received") + ", but " + count(run, "emitted")
                    + " reached the SDK and its batch processor dropped " + count(run, "dropped"));
        }
    }

    /** The heap reading in {@code file}; adds to {@code failures} if the queue was not full or the reading not exact. */
    private static Properties readHeld(Path file, List<String> failures) throws IOException {
        Properties run = RunReadings.load(file);
        String name = file.getFileName().toString();
        if (count(run, "held.records") != count(run, "queue.capacity") + count(run, "held.in.export")) {
            failures.add(name + ": " + count(run, "held.records") + " records held, not the queue's " + count(run, "queue.capacity")
                    + " and the " + count(run, "held.in.export") + " of the waiting export");
        }
        if (!Boolean.parseBoolean(run.getProperty("heap.exact"))) {
            failures.add(name + ": the heap was not read with -XX:+UseSerialGC -XX:MarkSweepDeadRatio=0");
        }
        return run;
    }

    static String render(List<Properties> runs, List<Properties> held, List<String> failures, Properties env, String command) {
        StringBuilder md = new StringBuilder();
        Properties any = runs.isEmpty() ? new Properties() : runs.get(0);
        md.append("# What reaches an OTLP receiver: OpenTelemetry's appenders behind an asynchronous appender\n\n");
        md.append("Machine: ").append(Environment.machine(env)).append(".  \n");
        md.append("JDK: ").append(any.getProperty("jvm", "?")).append(".  \n");
        md.append("Library: Ringlog ").append(env.getProperty("version.ringlog", "?")).append(" at commit ")
                .append(env.getProperty("env.git", "unknown")).append("; Logback ").append(env.getProperty("version.logback", "?"))
                .append(", log4j-core ").append(env.getProperty("version.log4j2", "?")).append("; OpenTelemetry SDK ")
                .append(env.getProperty("version.otel", "?")).append(", OpenTelemetry's appenders ")
                .append(env.getProperty("version.otel-instrumentation", "?")).append(".  \n");
        md.append("Command: `").append(command).append("`, ").append(env.getProperty("env.started", "")).append(".\n\n");
        md.append(failures.isEmpty() ? "Every run's counts add up: what the receiver got is what reached the SDK less what "
                + "its batch processor dropped.\n\n" : "**CHECK FAILED**:\n\n" + RunReadings.failureList(failures) + "\n");
        md.append(String.format(Locale.ROOT, "%s threads log INFO (flat out, or paced at a total rate) for %s s, each inside spans of its own (100 events "
                        + "a span); then the logging context stops (an asynchronous appender delivers what it holds) and then "
                        + "the SDK's logger provider (its batch processor exports what it holds). The SDK exports over "
                        + "OTLP/HTTP (protobuf, the JDK's HTTP client) to a receiver on the loopback address that counts the "
                        + "records of each request and answers 200. One JVM per run.%n%n",
                any.getProperty("threads", "?"), any.getProperty("seconds", "?")));
        for (boolean paced : new boolean[] {false, true}) {
            for (BatchSettings batch : BatchSettings.values()) {
                List<Properties> section = new ArrayList<>();
                for (Properties run : runs) {
                    if (run.getProperty("batch").equals(batch.id()) && (count(run, "rate") > 0) == paced) {
                        section.add(run);
                    }
                }
                if (!section.isEmpty()) {
                    table(md, section, (paced ? String.format(Locale.ROOT, "%,d events/s in all", count(section.get(0), "rate"))
                            : "flat out") + "; batch processor: " + batch.describe());
                }
            }
        }
        heldTable(md, held);
        md.append("logged: logging calls made during the load; lost in front: logged but never handed to the SDK (an "
                + "asynchronous appender discarded it, or had not delivered it when its stop gave up); dropped by the batch "
                + "processor: its own meter (`processedLogs`, `dropped=true`), records refused because its queue was full, "
                + "read at the end of the load and after the shutdown; received: log records the receiver counted; stop: "
                + "the logging context's stop; SDK shutdown: the logger provider's, which exports what its batch processor "
                + "still holds.\n");
        return md.toString();
    }

    private static void heldTable(StringBuilder md, List<Properties> held) {
        if (held.isEmpty()) {
            return;
        }
        md.append("## Heap held by the batch processor when its queue is full\n\n");
        md.append("OpenTelemetry's appender alone; the exporter answers until the heap is read with the queue empty, then "
                + "answers nothing (a collector that does not respond): the batch processor's worker waits in an export "
                + "holding its batch, and the queue fills. Heap after full collections (serial collector, "
                + "`-XX:MarkSweepDeadRatio=0`), full less empty. One JVM per row. Records: ")
                .append(OtelQueueHeld.Shape.INFO.id()).append(", ").append(OtelQueueHeld.Shape.INFO.label).append("; ")
                .append(OtelQueueHeld.Shape.ERROR.id()).append(", ").append(OtelQueueHeld.Shape.ERROR.label)
                .append(String.format(Locale.ROOT, " (its stack trace printed: %,d characters).%n%n", count(held.get(0), "stacktrace.chars")));
        md.append("| setup | batch processor | records | records held (queue + waiting export) | heap held MiB | per record B |\n");
        md.append("|---|---|---|---:|---:|---:|\n");
        for (Properties run : held) {
            long records = count(run, "held.records");
            long bytes = count(run, "heap.full") - count(run, "heap.base");
            md.append(String.format(Locale.ROOT, "| %s | queue %,d | %s | %,d (%,d + %,d) | %,.1f | %,d |%n",
                    LossSetup.of(run.getProperty("setup")).label, count(run, "queue.capacity"), run.getProperty("shape"), records,
                    count(run, "queue.capacity"), count(run, "held.in.export"), bytes / 1048576.0, bytes / Math.max(1, records)));
        }
        md.append('\n');
    }

    private static void table(StringBuilder md, List<Properties> runs, String title) {
        md.append("## ").append(title).append("\n\n");
        md.append("| setup | logged | logged per s | lost in front | dropped by the batch processor (during load + at shutdown) "
                + "| received | lost in all | stop ms | SDK shutdown ms |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Properties run : runs) {
            long logged = count(run, "logged");
            long droppedDuringLoad = count(run, "load.dropped");
            long dropped = count(run, "dropped");
            long lost = logged - count(run, "received");
            md.append(String.format(Locale.ROOT, "| %s | %,d | %,.0f | %,d | %,d (%,d + %,d) | %,d | %,d (%.1f %%) | %,d | %,d |%n",
                    LossSetup.of(run.getProperty("setup")).label, logged, logged * 1000.0 / count(run, "load.millis"),
                    logged - count(run, "emitted"), dropped, droppedDuringLoad, dropped - droppedDuringLoad, count(run, "received"),
                    lost, logged == 0 ? 0.0 : 100.0 * lost / logged, count(run, "stop.millis"), count(run, "shutdown.millis")));
        }
        md.append('\n');
    }

    private static long count(Properties run, String key) {
        return Long.parseLong(run.getProperty(key, "0"));
    }
}
