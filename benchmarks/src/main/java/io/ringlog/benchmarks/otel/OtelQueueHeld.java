package io.ringlog.benchmarks.otel;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.ringlog.benchmarks.footprint.HeapUsage;
import io.ringlog.benchmarks.report.RunReadings;
import io.ringlog.benchmarks.support.ToolArguments;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * Measures the heap that OpenTelemetry's {@code BatchLogRecordProcessor} holds when its queue is full: the price of the
 * large queue that loses nothing in {@link OtelLoss}. OpenTelemetry's appender ({@link LossSetup}) emits into the SDK
 * ({@link ExportPipeline}); the exporter answers until the heap is read with the queue empty, then stops answering
 * ({@link StalledExporter}, as a collector that does not respond): the worker waits in an export holding its batch, and
 * the queue fills. The heap read again, after full collections ({@link HeapUsage}), less the first reading, is what the
 * records held in the queue and in the waiting export take. Writes {@code otel-queue-held-<setup>-<batch>-<shape>.properties}
 * for {@link OtelLossReport}. Exact with {@code -XX:+UseSerialGC -XX:MarkSweepDeadRatio=0}.
 *
 * <pre>{@code
 * java -XX:+UseSerialGC -XX:MarkSweepDeadRatio=0 -Xmx2g \
 *     -cp 'benchmarks/target/benchmarks.jar:benchmarks/target/opentelemetry-lib/*' \
 *     io.ringlog.benchmarks.otel.OtelQueueHeld SETUP BATCH info|error --out DIR
 * }</pre>
 */
public final class OtelQueueHeld {
    private static final int WARM_UP_EVENTS = 5_000;
    private static final int EVENTS_PER_SPAN = 100;
    private static final int CHUNK = 1_000;
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** The depth of the failure's stack below the logging call's own frames. */
    private static final int FAILURE_DEPTH = 60;

    /** What each record is made from. */
    enum Shape {
        /** The INFO line of {@link OtelLoss}: two parameters, inside a span. */
        INFO("the INFO line of the loss runs (two parameters), inside a span"),
        /** An ERROR line with an exception thrown {@value #FAILURE_DEPTH} frames deep, with a cause, inside a span. */
        ERROR("an ERROR line with an exception thrown " + FAILURE_DEPTH + " frames deep, with a cause, inside a span");

        final String label;

        Shape(String label) {
            this.label = label;
        }

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Shape of(String id) {
            return valueOf(id.toUpperCase(Locale.ROOT));
        }
    }

    private OtelQueueHeld() {
    }

    public static void main(String[] args) throws Exception {
        ToolArguments arguments = new ToolArguments("usage: OtelQueueHeld SETUP BATCH info|error --out DIR", 3, 3);
        OptionSpec<String> outOption = arguments.options().accepts("out", "results directory").withRequiredArg().required();
        OptionSet options = arguments.parse(args);
        List<String> plain = ToolArguments.plain(options);
        LossSetup setup = LossSetup.of(plain.get(0));
        BatchSettings batch = BatchSettings.of(plain.get(1));
        Shape shape = Shape.of(plain.get(2));
        Path out = Files.createDirectories(Path.of(options.valueOf(outOption)));

        Properties result = new Properties();
        result.setProperty("setup", setup.id());
        result.setProperty("batch", batch.id());
        result.setProperty("shape", shape.id());
        result.setProperty("queue.capacity", Integer.toString(batch.maxQueueSize));
        result.setProperty("stacktrace.chars", Integer.toString(stackTraceChars(failure(0))));
        result.setProperty("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        result.setProperty("heap.exact", Boolean.toString(HeapUsage.isExact()));
        StalledExporter exporter = new StalledExporter();
        long held;
        long heldBytes;
        try (ExportPipeline pipeline = new ExportPipeline(exporter, batch, Duration.ofMinutes(10));
             SdkTracerProvider tracing = SdkTracerProvider.builder().build()) {
            LossSetup.Started started = setup.start(pipeline.sdk());
            Events events = new Events(started, tracing.get("otel-queue-held"), shape);
            events.log(WARM_UP_EVENTS);
            if (!pipeline.flush(60)) {
                throw new IllegalStateException("the warm-up's records were not exported");
            }
            long base = HeapUsage.usedAfterFullGc();
            long emittedBefore = pipeline.emitted();
            long droppedBefore = pipeline.dropped();
            exporter.stall();
            long deadline = System.nanoTime() + WAIT_NANOS;
            while (exporter.stalledBatch() < 0) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the batch processor exported nothing within 60 s");
                }
                events.log(CHUNK);
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
            // The worker waits in its export: the queue only fills from here. A queue's worth more and some fills it.
            events.log(batch.maxQueueSize + CHUNK);
            held = (pipeline.emitted() - emittedBefore) - (pipeline.dropped() - droppedBefore);
            long full = HeapUsage.usedAfterFullGc();
            heldBytes = full - base;
            result.setProperty("held.records", Long.toString(held));
            result.setProperty("held.in.export", Integer.toString(exporter.stalledBatch()));
            result.setProperty("heap.base", Long.toString(base));
            result.setProperty("heap.full", Long.toString(full));
            exporter.release();
            started.stop();
        }
        RunReadings.storeWithEnvironment(out.resolve(fileName(setup, batch, shape)), result, "io.ringlog.benchmarks.otel.OtelQueueHeld");
        System.out.printf(Locale.ROOT, "%s, batch %s, %s: %,d records held (%,d in the waiting export), %,.1f MiB, %,d B a record%n",
                setup.id(), batch.id(), shape.id(), held, exporter.stalledBatch(), heldBytes / 1048576.0, heldBytes / Math.max(1, held));
        System.exit(0);
    }

    /** The result file of one run: {@code otel-queue-held-<setup>-<batch>-<shape>.properties}. */
    static String fileName(LossSetup setup, BatchSettings batch, Shape shape) {
        return "otel-queue-held-" + setup.id() + "-" + batch.id() + "-" + shape.id() + ".properties";
    }

    /** Logs events of one shape from the calling thread, {@value #EVENTS_PER_SPAN} inside each span. */
    private static final class Events {
        private final LossSetup.Started started;
        private final Tracer tracer;
        private final Shape shape;
        private long event;

        Events(LossSetup.Started started, Tracer tracer, Shape shape) {
            this.started = started;
            this.tracer = tracer;
            this.shape = shape;
        }

        @SuppressWarnings("try") // the scope is what makes the span current
        void log(int count) {
            for (int logged = 0; logged < count; logged += EVENTS_PER_SPAN) {
                Span span = tracer.spanBuilder("request").startSpan();
                try (Scope ignored = span.makeCurrent()) {
                    for (int i = 0; i < EVENTS_PER_SPAN; i++, event++) {
                        if (shape == Shape.INFO) {
                            started.log(0, event);
                        } else {
                            started.logFailure(event, failure(event)); // each its own, as each failed request throws its own
                        }
                    }
                } finally {
                    span.end();
                }
            }
        }
    }

    /** A failure thrown {@value #FAILURE_DEPTH} frames below the caller, caused by another. */
    static Throwable failure(long event) {
        try {
            descend(FAILURE_DEPTH, event);
            throw new AssertionError("descend returned");
        } catch (IllegalStateException e) {
            return e;
        }
    }

    private static void descend(int depth, long event) {
        if (depth > 0) {
            descend(depth - 1, event);
            return;
        }
        try {
            Long.parseLong("order-" + event);
        } catch (NumberFormatException cause) {
            throw new IllegalStateException("could not place order " + event, cause);
        }
    }

    private static int stackTraceChars(Throwable failure) {
        StringWriter text = new StringWriter();
        failure.printStackTrace(new PrintWriter(text));
        return text.toString().length();
    }
}
