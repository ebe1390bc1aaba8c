package io.ringlog.benchmarks.otel;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import io.ringlog.benchmarks.support.LogbackConfigs;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The cost of carrying the caller's OpenTelemetry context: one caller logs through Ringlog (Logback, queue 8192,
 * BLOCK) into a sink that formats and counts each event, with a span current ({@code span=active}) or none. Run it
 * with and without OpenTelemetry on the class path ({@code benchmarks/otel-capture}): without it Ringlog reads no
 * context; with it, one thread-local read per call, and with a span the consumer delivers each event inside a scope of
 * the caller's context.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RinglogCaptureThroughput {

    /** {@code none}: no span current at the call; {@code active}: a sampled span current (needs OpenTelemetry). */
    @Param({"none", "active"})
    public String span;

    private LoggerContext context;
    private Logger logger;
    private AutoCloseable spanScope;
    private long event;

    @Setup(Level.Trial)
    public void start() throws Exception {
        context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.setName("otel-capture");
        LogbackConfigs.configureOrFail(context, RinglogCaptureThroughput.class.getResource("ring-counting.xml"));
        logger = context.getLogger("io.ringlog.otel.OrderService");
        // Thread-scoped state: JMH runs this on the benchmark thread, so the span is current where it logs.
        spanScope = span.equals("active") ? CallerSpan.open() : () -> { };
    }

    @Benchmark
    public void log() {
        logger.info("order {} placed", ++event);
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        spanScope.close();
        context.stop();
    }
}
