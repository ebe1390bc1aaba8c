package io.ringlog.benchmarks.support;

import java.nio.file.Path;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Caller throughput: JMH threads log as fast as the contender lets them. The thread count is chosen per run
 * ({@code -t}); run with {@code -prof gc} for allocation per call. The trial fails if a lossless contender
 * delivered fewer events than were logged.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public abstract class ThroughputBenchmark {

    private static final Queue<Caller> CALLERS = new ConcurrentLinkedQueue<>();

    private LogTarget target;
    private Path directory;

    /** The contender under test (its JMH parameter). */
    protected abstract Contender contender();

    /** The sink parameter of this trial. */
    protected abstract Sink sink();

    /** One per JMH worker thread: the events that thread logged. */
    @State(Scope.Thread)
    public static class Caller {
        long logged;

        /** Registers the thread's counter for the end-of-trial check. */
        @Setup(Level.Trial)
        public void register() {
            CALLERS.add(this);
        }
    }

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
        long logged = 0;
        for (Caller caller : CALLERS) {
            logged += caller.logged;
        }
        TempFiles.delete(directory);
        Delivery.verify(contender().displayName(), contender().lossless(), logged, delivered);
    }

    /** One INFO event with two parameters. */
    @Benchmark
    public void log(Caller caller) {
        target.log((int) caller.logged++);
    }
}
