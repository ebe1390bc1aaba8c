package io.ringlog.benchmarks.support;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
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
 * CPU the process burns (in cores: CPU time / wall time) in two regimes of one invocation: idle (the context
 * is up, nobody logs) and blocked ({@code callers} threads log into a {@link Sink#STALLED} sink, so the queue
 * stays full and a lossless contender's callers wait). A caller that waits by parking costs ~0; one that spins
 * costs a core. The sink sleeps rather than spins, so the process figure is mostly the callers' and the consumer's.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public abstract class CpuBenchmark {

    /** Length of the idle window. */
    @Param({"1000"})
    public int idleMillis;

    /** Length of the blocked window (measured after the queue has had {@value #FILL_MILLIS} ms to fill; the idle window also waits that long first). */
    @Param({"1000"})
    public int blockedMillis;

    /** Caller threads in the blocked window. */
    @Param({"2"})
    public int callers;

    private static final long FILL_MILLIS = 200;

    private final AtomicLong logged = new AtomicLong();
    private LogTarget target;
    private Path directory;

    /** The contender under test (its JMH parameter). */
    protected abstract Contender contender();

    /** Loads the contender's configuration with the stalled sink. */
    @Setup(Level.Trial)
    public void openTarget() throws Exception {
        directory = TempFiles.createDirectory();
        target = contender().open(Sink.STALLED, directory);
    }

    /** Stops the context (draining the queue, at no cost) and verifies delivery. */
    @TearDown(Level.Trial)
    public void verifyDelivery() throws Exception {
        SinkCounters.fastForward();
        long delivered = target.stop();
        TempFiles.delete(directory);
        Delivery.verify(contender().displayName(), contender().lossless(), logged.get(), delivered);
    }

    /** The idle window, then the blocked window. */
    @Benchmark
    public void idleThenBlocked() throws InterruptedException {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();

        Thread.sleep(FILL_MILLIS); // let the JIT and the configuration's start-up work settle first
        long cpu0 = os.getProcessCpuTime();
        long wall0 = System.nanoTime();
        Thread.sleep(idleMillis);
        SideResults.put("cpu.idle", (double) (os.getProcessCpuTime() - cpu0) / (System.nanoTime() - wall0), "cores");

        AtomicBoolean running = new AtomicBoolean(true);
        Thread[] workers = new Thread[callers];
        for (int t = 0; t < callers; t++) {
            workers[t] = new Thread(() -> {
                long count = 0;
                while (running.get()) {
                    target.log((int) count++);
                }
                logged.addAndGet(count);
            }, "blocked-caller-" + t);
            workers[t].start();
        }
        Thread.sleep(FILL_MILLIS);
        long callerCpu0 = callerCpu(threads, workers);
        cpu0 = os.getProcessCpuTime();
        wall0 = System.nanoTime();
        Thread.sleep(blockedMillis);
        long wall = System.nanoTime() - wall0;
        SideResults.put("cpu.blocked.process", (double) (os.getProcessCpuTime() - cpu0) / wall, "cores");
        SideResults.put("cpu.blocked.callers", (double) (callerCpu(threads, workers) - callerCpu0) / wall, "cores");

        running.set(false);
        SinkCounters.fastForward();
        for (Thread worker : workers) {
            worker.join();
        }
        awaitQuiet();
        SinkCounters.resetCost();
    }

    private static long callerCpu(ThreadMXBean threads, Thread[] workers) {
        long total = 0;
        for (Thread worker : workers) {
            total += Math.max(0, threads.getThreadCpuTime(worker.getId()));
        }
        return total;
    }

    /** Waits until the sink has seen no event for 50 ms: the queue has drained at no cost. */
    private static void awaitQuiet() throws InterruptedException {
        long last = -1;
        long now = SinkCounters.delivered();
        while (now != last) {
            last = now;
            Thread.sleep(50);
            now = SinkCounters.delivered();
        }
    }
}
