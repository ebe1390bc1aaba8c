package io.ringlog.benchmarks.findings;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import com.lmax.disruptor.util.DaemonThreadFactory;
import io.ringlog.benchmarks.log4j2.Log4j2Contender;
import io.ringlog.benchmarks.log4j2.Log4j2Target;
import io.ringlog.benchmarks.support.Sink;
import io.ringlog.benchmarks.support.SinkCounters;
import io.ringlog.benchmarks.support.TempFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Why Log4j2's Async Loggers (log4j-core 2.26.1 on Disruptor 3.4.4) lost one event in some multi-threaded benchmark
 * trials, with no status message. When a caller finds the ring full, {@code AsyncLoggerConfigDisruptor.getEventRoute}
 * (and {@code AsyncLoggerDisruptor.getEventRoute} for all-async) returns {@code EventRoute.DISCARD} whenever
 * {@code RingBuffer.remainingCapacity()} is negative, a check meant for "the disruptor is gone after shutdown".
 * On a live, full ring that estimate can be negative: {@code MultiProducerSequencer.remainingCapacity()} reads the
 * cursor twice, and the consumer and other producers can move in between. DISCARD drops the event before the
 * queue-full policy is asked, and reports nothing. The window is two volatile reads, so it opens mostly while the
 * code is still interpreted or C1-compiled: at most about one event per fresh JVM.
 *
 * <p>Two modes, each exiting with status 3 when it saw the defect:
 * <ul>
 * <li>{@code capacity [producers] [millis]}: the Disruptor alone. Producers on a 128-slot ring call
 * {@code remainingCapacity()} after every failed {@code tryPublishEvent}, as Log4j2 does, and count negative answers.
 * Run it with {@code -XX:TieredStopAtLevel=1} to widen the window.
 * <li>{@code loss [ASYNC_ROOT|ALL_ASYNC] [threads] [eventsPerThread] [iterations]}: Log4j2 itself, through the same
 * configuration and sink as the benchmarks. Each iteration starts a fresh context, logs from several threads,
 * stops the context (which drains) and compares delivered with logged. Set a small ring
 * ({@code -Dlog4j2.asyncLoggerConfigRingBufferSize=128}, or {@code -Dlog4j2.asyncLoggerRingBufferSize=128} for
 * ALL_ASYNC) and run many JVMs: the loss shows in a few percent of them.
 * </ul>
 */
public final class AsyncLoggersDiscard {

    private static final int DEFECT = 3;

    private AsyncLoggersDiscard() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "";
        boolean defect;
        if (mode.equals("capacity")) {
            defect = capacity(intArg(args, 1, 4), intArg(args, 2, 5_000));
        } else if (mode.equals("loss")) {
            Log4j2Contender contender = Log4j2Contender.valueOf(args.length > 1 ? args[1].toUpperCase(Locale.ROOT) : "ASYNC_ROOT");
            defect = loss(contender, intArg(args, 2, 4), intArg(args, 3, 100_000), intArg(args, 4, 2));
        } else {
            System.err.println("usage: AsyncLoggersDiscard capacity [producers] [millis]\n"
                    + "       AsyncLoggersDiscard loss [ASYNC_ROOT|ALL_ASYNC] [threads] [eventsPerThread] [iterations]");
            System.exit(1);
            return;
        }
        System.exit(defect ? DEFECT : 0);
    }

    /** The Disruptor alone: does {@code remainingCapacity()} ever come back negative on a live, full ring? */
    private static boolean capacity(int producers, long millis) throws InterruptedException {
        Disruptor<long[]> disruptor = new Disruptor<>(() -> new long[1], 128, DaemonThreadFactory.INSTANCE, ProducerType.MULTI,
                new BlockingWaitStrategy());
        disruptor.handleEventsWith((slot, sequence, endOfBatch) -> slot[0] = 0);
        disruptor.start();
        RingBuffer<long[]> ring = disruptor.getRingBuffer();
        AtomicBoolean stop = new AtomicBoolean();
        long[] checks = new long[producers];
        long[] negatives = new long[producers];
        long[] lowest = new long[producers];
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            Thread thread = new Thread(() -> {
                long min = Long.MAX_VALUE;
                while (!stop.get()) {
                    if (!ring.tryPublishEvent((slot, sequence) -> slot[0] = sequence)) {
                        // The ring is full: what AsyncLoggerConfigDisruptor.getEventRoute asks next.
                        long remaining = ring.remainingCapacity();
                        checks[producer]++;
                        if (remaining < 0) {
                            negatives[producer]++;
                        }
                        min = Math.min(min, remaining);
                        ring.publishEvent((slot, sequence) -> slot[0] = sequence);
                    }
                }
                lowest[producer] = min;
            }, "producer-" + p);
            thread.start();
            threads.add(thread);
        }
        Thread.sleep(millis);
        stop.set(true);
        long allChecks = 0;
        long allNegatives = 0;
        long min = Long.MAX_VALUE;
        for (int p = 0; p < producers; p++) {
            threads.get(p).join();
            allChecks += checks[p];
            allNegatives += negatives[p];
            min = Math.min(min, lowest[p]);
        }
        disruptor.shutdown();
        System.out.printf("%d producers, ring 128: remainingCapacity() asked %,d times after a failed tryPublishEvent, "
                + "negative %,d times (lowest %d)%n", producers, allChecks, allNegatives, min);
        return allNegatives > 0;
    }

    /** Log4j2 itself: fresh contexts, several threads, delivered compared with logged after each stop. */
    private static boolean loss(Log4j2Contender contender, int threads, int perThread, int iterations) throws Exception {
        long lost = 0;
        int lossy = 0;
        for (int iteration = 0; iteration < iterations; iteration++) {
            Path directory = TempFiles.createDirectory();
            long before = SinkCounters.delivered();
            Log4j2Target target = new Log4j2Target(contender, Sink.COUNTING, directory);
            List<Thread> producers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread producer = new Thread(() -> {
                    for (int i = 0; i < perThread; i++) {
                        target.log(i);
                    }
                }, "producer-" + t);
                producer.start();
                producers.add(producer);
            }
            for (Thread producer : producers) {
                producer.join();
            }
            long delivered = target.stop() - before;
            TempFiles.delete(directory);
            long logged = (long) threads * perThread;
            if (delivered != logged) {
                lossy++;
                lost += logged - delivered;
                System.out.printf("iteration %d: logged %,d, delivered %,d%n", iteration, logged, delivered);
            }
        }
        System.out.printf("%s, %d threads x %,d events: %d of %d iterations lost events (%d in total)%n", contender, threads, perThread,
                lossy, iterations, lost);
        return lossy > 0;
    }

    private static int intArg(String[] args, int index, int otherwise) {
        return args.length > index ? Integer.parseInt(args[index]) : otherwise;
    }
}
