package io.ringlog.benchmarks.support;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
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
 * Caller latency at a fixed offered rate, coordinated omission accounted for: one caller thread schedules
 * call {@code i} at {@code start + i / rate} and records {@code end - intended start} in an HdrHistogram,
 * so a stall delays every later call's intended start no further and shows in their latencies. One
 * invocation is one run of {@code durationMillis}; percentiles (microseconds) go out as side results.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public abstract class LatencyBenchmark {

    /** Latencies above this are recorded as this: one minute. */
    private static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** Offered load in events per second. */
    @Param({"50000", "200000"})
    public int rate;

    /** Length of one measured run. */
    @Param({"3000"})
    public int durationMillis;

    private final Histogram histogram = new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
    private LogTarget target;
    private Path directory;
    private long logged;

    /** The contender under test (its JMH parameter). */
    protected abstract Contender contender();

    /** The sink parameter of this trial. */
    protected abstract Sink sink();

    /** Loads the contender's configuration. */
    @Setup(Level.Trial)
    public void openTarget() throws Exception {
        directory = TempFiles.createDirectory();
        target = contender().open(sink(), directory);
    }

    /** Stops the context (draining the queue) and verifies delivery. */
    @TearDown(Level.Trial)
    public void verifyDelivery() throws Exception {
        long delivered = target.stop();
        TempFiles.delete(directory);
        Delivery.verify(contender().displayName(), contender().lossless(), logged, delivered);
    }

    /** One fixed-rate run. */
    @Benchmark
    public long fixedRate() {
        histogram.reset();
        final LogTarget target = this.target;
        final Histogram histogram = this.histogram;
        final long count = (long) rate * durationMillis / 1000;
        final long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
        long end = start;
        for (long i = 0; i < count; i++) {
            long intended = start + i * 1_000_000_000L / rate;
            while (System.nanoTime() < intended) {
                Thread.onSpinWait();
            }
            target.log((int) i);
            end = System.nanoTime();
            histogram.recordValue(Math.min(end - intended, HIGHEST_TRACKABLE_NANOS));
        }
        logged += count;
        publish(count, end - start);
        return count;
    }

    private void publish(long count, long elapsedNanos) {
        SideResults.put("latency.p50", micros(histogram.getValueAtPercentile(50)), "us");
        SideResults.put("latency.p90", micros(histogram.getValueAtPercentile(90)), "us");
        SideResults.put("latency.p99", micros(histogram.getValueAtPercentile(99)), "us");
        SideResults.put("latency.p99.9", micros(histogram.getValueAtPercentile(99.9)), "us");
        SideResults.put("latency.p99.99", micros(histogram.getValueAtPercentile(99.99)), "us");
        SideResults.put("latency.max", micros(histogram.getMaxValue()), "us");
        SideResults.put("latency.achieved.rate", count * 1e9 / Math.max(1, elapsedNanos), "events/s");
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }
}
