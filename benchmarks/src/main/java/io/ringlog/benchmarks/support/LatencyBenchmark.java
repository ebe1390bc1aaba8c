package io.ringlog.benchmarks.support;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
 *
 * <p>The caller spins between calls, so it is never idle by its own choice: the wall-clock time of a run that its
 * thread did not spend on a CPU ({@code caller.off-cpu}, wall time minus {@link ThreadMXBean#getCurrentThreadCpuTime()})
 * is time the operating system (or the JVM, at a safepoint) held it off. The same is measured in windows of 1,024
 * calls, and {@code caller.off-cpu.max-window} is that time in the window of the run's worst call: a maximum latency
 * no longer than it is one the caller may have spent descheduled or stopped, not one any appender made it wait. Run
 * with {@code -prof safepoints} to tell the JVM's pauses from the scheduler's; the caller's context switches
 * ({@code caller.switches.voluntary}: it blocked, in a park, on a lock, in I/O or at a safepoint;
 * {@code caller.switches.involuntary}: the scheduler preempted it) tell a wait from a preemption.
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

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Calls per window in which the caller's time off a CPU is measured: 1,024. */
    private static final long WINDOW_MASK = 1023;

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
        final ContextSwitches switchesBefore = ContextSwitches.ofCurrentThread();
        long windowWall = System.nanoTime();
        long windowCpu = THREADS.getCurrentThreadCpuTime();
        final long firstWall = windowWall;
        final long firstCpu = windowCpu;
        final long start = windowWall + TimeUnit.MILLISECONDS.toNanos(1);
        long end = start;
        long windowMax = 0;
        long worst = -1;
        long worstWindowOffCpu = 0;
        for (long i = 0; i < count; i++) {
            long intended = start + i * 1_000_000_000L / rate;
            while (System.nanoTime() < intended) {
                Thread.onSpinWait();
            }
            target.log((int) i);
            end = System.nanoTime();
            long latency = Math.min(end - intended, HIGHEST_TRACKABLE_NANOS);
            histogram.recordValue(latency);
            windowMax = Math.max(windowMax, latency);
            if ((i & WINDOW_MASK) == WINDOW_MASK || i == count - 1) {
                // Once per window of calls (about 5 ms at 200,000/s; one clock_gettime of ~0.1-1 µs): how long
                // the caller was held off a CPU in the window that holds the run's worst call so far.
                long cpu = THREADS.getCurrentThreadCpuTime();
                if (windowMax > worst) {
                    worst = windowMax;
                    worstWindowOffCpu = (end - windowWall) - (cpu - windowCpu);
                }
                windowWall = end;
                windowCpu = cpu;
                windowMax = 0;
            }
        }
        long offCpu = (end - firstWall) - (THREADS.getCurrentThreadCpuTime() - firstCpu);
        ContextSwitches switchesAfter = ContextSwitches.ofCurrentThread();
        logged += count;
        publish(count, end - start, offCpu, worstWindowOffCpu);
        if (switchesBefore != ContextSwitches.UNKNOWN && switchesAfter != ContextSwitches.UNKNOWN) {
            SideResults.put("caller.switches.voluntary", switchesAfter.voluntarySince(switchesBefore), "#");
            SideResults.put("caller.switches.involuntary", switchesAfter.involuntarySince(switchesBefore), "#");
        }
        return count;
    }

    private void publish(long count, long elapsedNanos, long offCpuNanos, long worstWindowOffCpuNanos) {
        SideResults.put("latency.p50", micros(histogram.getValueAtPercentile(50)), "us");
        SideResults.put("latency.p90", micros(histogram.getValueAtPercentile(90)), "us");
        SideResults.put("latency.p99", micros(histogram.getValueAtPercentile(99)), "us");
        SideResults.put("latency.p99.9", micros(histogram.getValueAtPercentile(99.9)), "us");
        SideResults.put("latency.p99.99", micros(histogram.getValueAtPercentile(99.99)), "us");
        SideResults.put("latency.max", micros(histogram.getMaxValue()), "us");
        SideResults.put("latency.achieved.rate", count * 1e9 / Math.max(1, elapsedNanos), "events/s");
        SideResults.put("caller.off-cpu", Math.max(0, offCpuNanos) / 1e6, "ms");
        SideResults.put("caller.off-cpu.max-window", micros(Math.max(0, worstWindowOffCpuNanos)), "us");
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }
}
