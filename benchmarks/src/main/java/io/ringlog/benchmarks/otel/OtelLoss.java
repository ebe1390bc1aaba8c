package io.ringlog.benchmarks.otel;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.ringlog.benchmarks.report.RunReadings;
import io.ringlog.benchmarks.support.ToolArguments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * Measures, in this JVM, what one chain to an OTLP/HTTP receiver loses: {@link LossSetup} (OpenTelemetry's appender
 * alone or behind an asynchronous appender) → OpenTelemetry's SDK ({@link ExportPipeline}, its batch processor set by
 * {@link BatchSettings}) → {@link OtlpLogReceiver} on the loopback address. Several threads log, flat out or at a
 * fixed total rate, each inside spans of its own, for a few seconds; then the application shuts down as Spring Boot's order has it for a
 * {@code LoggerContext} stop followed by the SDK's: the logging context stops (an asynchronous appender delivers what it
 * holds) and then the logger provider (the batch processor exports what it holds). Writes
 * {@code otel-loss-<setup>-<batch>-<flat|paced>.properties} for {@link OtelLossReport}: logged, reached the SDK, dropped by the
 * batch processor (its meter) during the load and at shutdown, and received.
 *
 * <pre>{@code
 * java -cp 'benchmarks/target/benchmarks.jar:benchmarks/target/opentelemetry-lib/*' \
 *     io.ringlog.benchmarks.otel.OtelLoss SETUP BATCH --threads 4 --seconds 10 --rate 0 --out DIR
 * }</pre>
 */
public final class OtelLoss {
    private static final long WATCHDOG_MILLIS = TimeUnit.MINUTES.toMillis(10);
    private static final int EVENTS_PER_SPAN = 100;
    private static final long SHUTDOWN_SECONDS = 120;

    private OtelLoss() {
    }

    public static void main(String[] args) throws Exception {
        ToolArguments arguments = new ToolArguments(
                "usage: OtelLoss SETUP BATCH --threads N --seconds S --rate EVENTS_PER_S (0: flat out) --out DIR", 2, 2);
        OptionSpec<Integer> threadsOption = arguments.options().accepts("threads", "logging threads").withRequiredArg()
                .ofType(Integer.class).required();
        OptionSpec<Double> secondsOption = arguments.options().accepts("seconds", "seconds of load").withRequiredArg()
                .ofType(Double.class).required();
        OptionSpec<Long> rateOption = arguments.options().accepts("rate", "events per second in all, 0: flat out")
                .withRequiredArg().ofType(Long.class).required();
        OptionSpec<String> outOption = arguments.options().accepts("out", "results directory").withRequiredArg().required();
        OptionSet options = arguments.parse(args);
        List<String> plain = ToolArguments.plain(options);
        LossSetup setup = LossSetup.of(plain.get(0));
        BatchSettings batch = BatchSettings.of(plain.get(1));
        int threads = options.valueOf(threadsOption);
        double seconds = options.valueOf(secondsOption);
        long rate = options.valueOf(rateOption);
        Path out = Files.createDirectories(Path.of(options.valueOf(outOption)));
        startWatchdog();

        Properties result = new Properties();
        result.setProperty("setup", setup.id());
        result.setProperty("batch", batch.id());
        result.setProperty("threads", Integer.toString(threads));
        result.setProperty("seconds", Double.toString(seconds));
        result.setProperty("rate", Long.toString(rate));
        result.setProperty("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        try (OtlpLogReceiver receiver = new OtlpLogReceiver();
             ExportPipeline pipeline = new ExportPipeline(receiver.endpoint(), batch);
             SdkTracerProvider tracing = SdkTracerProvider.builder().build()) {
            LossSetup.Started started = setup.start(pipeline.sdk());
            Load load = new Load(started, tracing.get("otel-loss"), threads, rate);
            long loadStart = System.nanoTime();
            load.start();
            Thread.sleep((long) (seconds * 1000));
            load.stop();
            long loadNanos = System.nanoTime() - loadStart;
            result.setProperty("logged", Long.toString(load.logged()));
            result.setProperty("load.millis", Long.toString(TimeUnit.NANOSECONDS.toMillis(loadNanos)));
            result.setProperty("load.emitted", Long.toString(pipeline.emitted()));
            result.setProperty("load.dropped", Long.toString(pipeline.dropped()));
            result.setProperty("load.received", Long.toString(receiver.received()));

            long stopStart = System.nanoTime();
            started.stop();
            result.setProperty("stop.millis", Long.toString(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopStart)));
            long shutdownStart = System.nanoTime();
            boolean shutdown = pipeline.shutdown(SHUTDOWN_SECONDS);
            result.setProperty("shutdown.millis", Long.toString(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - shutdownStart)));
            result.setProperty("shutdown.success", Boolean.toString(shutdown));
            result.setProperty("emitted", Long.toString(pipeline.emitted()));
            result.setProperty("dropped", Long.toString(pipeline.dropped()));
            result.setProperty("received", Long.toString(receiver.received()));
            result.setProperty("requests", Long.toString(receiver.requests()));
        }
        RunReadings.storeWithEnvironment(out.resolve(fileName(setup, batch, rate)), result, "io.ringlog.benchmarks.otel.OtelLoss");
        System.out.printf("%s, batch %s: logged %s, reached the SDK %s, dropped by the batch processor %s, received %s%n",
                setup.id(), batch.id(), result.getProperty("logged"), result.getProperty("emitted"),
                result.getProperty("dropped"), result.getProperty("received"));
        System.exit(0);
    }

    /** The result file of one run: {@code otel-loss-<setup>-<batch>-<flat|paced>.properties}. */
    static String fileName(LossSetup setup, BatchSettings batch, long rate) {
        return "otel-loss-" + setup.id() + "-" + batch.id() + "-" + (rate == 0 ? "flat" : "paced") + ".properties";
    }

    /**
     * The load: threads that log, {@value #EVENTS_PER_SPAN} events inside each span, until told to stop: flat out, or
     * each at its share of {@code rate} events per second, every call at its scheduled time (a late thread catches up).
     */
    private static final class Load {
        private final List<Thread> threads = new ArrayList<>();
        private final LongAdder logged = new LongAdder();
        private volatile boolean running = true;

        @SuppressWarnings("try") // the scope is what makes the span current
        Load(LossSetup.Started started, Tracer tracer, int count, long rate) {
            long intervalNanos = rate == 0 ? 0 : count * 1_000_000_000L / rate;
            for (int t = 0; t < count; t++) {
                int thread = t;
                threads.add(new Thread(() -> {
                    long event = 0;
                    long start = System.nanoTime();
                    while (running) {
                        Span span = tracer.spanBuilder("request").startSpan();
                        try (Scope ignored = span.makeCurrent()) {
                            for (int i = 0; i < EVENTS_PER_SPAN; i++) {
                                if (intervalNanos > 0) {
                                    awaitDue(start + event * intervalNanos);
                                }
                                started.log(thread, event++);
                            }
                        } finally {
                            span.end();
                        }
                        logged.add(EVENTS_PER_SPAN);
                    }
                }, "load-" + t));
            }
        }

        private static void awaitDue(long dueNanos) {
            for (long wait = dueNanos - System.nanoTime(); wait > 0; wait = dueNanos - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
        }

        void start() {
            threads.forEach(Thread::start);
        }

        void stop() throws InterruptedException {
            running = false;
            for (Thread thread : threads) {
                thread.join();
            }
        }

        long logged() {
            return logged.sum();
        }
    }

    private static void startWatchdog() {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(WATCHDOG_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            System.err.println("otel-loss: no result after " + WATCHDOG_MILLIS + " ms, giving up");
            Runtime.getRuntime().halt(3);
        }, "watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }
}
