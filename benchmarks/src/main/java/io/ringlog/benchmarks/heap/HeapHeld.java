package io.ringlog.benchmarks.heap;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.ringlog.benchmarks.footprint.HeapUsage;
import io.ringlog.benchmarks.support.ToolArguments;
import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.apache.logging.log4j.util.Constants;

/**
 * Measures, in this JVM, the heap one asynchronous setup ({@link HeapVariant}) holds while its queue is full of ERROR
 * events, each with an exception of its own ({@link DatabaseDown}), because its downstream stopped taking them
 * ({@link HeldSink}): the used heap after a full collection ({@link HeapUsage}) before the logging context starts,
 * once it has started (idle, nothing logged), and with the queue full. Then it releases the sink and checks that every
 * event reached it and both files. For Ringlog it also redoes the adapter's estimate of each event
 * ({@link AdapterEstimate}). Writes {@code heap-<variant>.properties} into the output directory for
 * {@link HeapReport}; exits with status 2 if the queue was not full or an event was lost.
 *
 * <pre>{@code
 * java -XX:+UseSerialGC -XX:MarkSweepDeadRatio=0 -Xmx2g -cp benchmarks/target/benchmarks.jar \
 *     io.ringlog.benchmarks.heap.HeapHeld VARIANT --queue 8192 --frames 120 --out DIR
 * }</pre>
 *
 * <p>Filling, on a producer thread of its own: one event first, the plug, which the consumer takes and holds in the
 * sink; then at most as many events as the queue's own API reports room for. The queue is full in one of two ways:
 * <ul>
 *   <li>by its slots: the producer logged them all. The stock appenders took the plug out of their queue, Ringlog and
 *       Async Loggers keep it in its slot until it is delivered, so the first hold one event more than their capacity
 *       and the second exactly their capacity, and the queue is full by its own count;</li>
 *   <li>by Ringlog's byte bound ({@code maxQueueBytes}): the producer waits inside Ringlog (parked, its blocker one of
 *       Ringlog's core objects) with one event fewer queued than it has logged and free slots left, and stays so for
 *       {@value #STILL_MILLIS} ms and across the heap reading. It holds the event it waits to queue, prepared and
 *       encoded: the events held are the queued ones and that one. The queued events' weights by
 *       {@link AdapterEstimate} must be within the bound and the waiting event's must pass it, or the tool's copy of the
 *       estimate no longer matches the adapter's.</li>
 * </ul>
 * Once the heap is read the producer is told to stop, the sink released, and the waiting event queued and delivered
 * with the others. A watchdog ends a run that hangs. One variant per JVM: static caches, the Log4j2 selector's system
 * properties and the held sink are this run's alone.
 */
public final class HeapHeld {

    private static final long WAIT_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final long WATCHDOG_MILLIS = TimeUnit.MINUTES.toMillis(15);
    /** How long a producer waiting on the byte bound must stay put, its count and the queue's unchanged. */
    private static final long STILL_MILLIS = 50;
    private static final String ERROR_MARK = " ERROR ";

    /** How the queue came to be full when the heap was read. */
    enum Filled {
        /** Every slot taken: the producer logged as many events as the queue had room for. */
        SLOTS,
        /** Ringlog's byte bound reached: the producer waits inside Ringlog with free slots left. */
        BYTES,
        /** Neither, within the wait: a failed run. */
        NEITHER;

        /** The name in the readings ({@code slots}). */
        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private HeapHeld() {
    }

    public static void main(String[] args) throws Exception {
        ToolArguments arguments = new ToolArguments("usage: HeapHeld VARIANT --queue N --frames F --out DIR (VARIANT: logback-ringlog, ...)", 1, 1);
        OptionSpec<Integer> queueOption = arguments.options().accepts("queue", "queue size").withRequiredArg().ofType(Integer.class).required();
        OptionSpec<Integer> framesOption = arguments.options().accepts("frames", "stack frames of each event's exception")
                .withRequiredArg().ofType(Integer.class).required();
        OptionSpec<String> outOption = arguments.options().accepts("out", "results directory").withRequiredArg().required();
        OptionSet options = arguments.parse(args);
        HeapVariant variant = HeapVariant.of(ToolArguments.plain(options).get(0));
        int queueSize = options.valueOf(queueOption);
        int frames = options.valueOf(framesOption);
        Path out = Path.of(options.valueOf(outOption));
        Path logs = Files.createDirectories(out.resolve("logs-" + variant.id()));
        startWatchdog(variant);

        Properties result = new Properties();
        List<String> problems = new ArrayList<>();
        result.setProperty("variant", variant.id());
        result.setProperty("queue", Integer.toString(queueSize));
        result.setProperty("frames.requested", Integer.toString(frames));
        int sampledFrames = sampleFrames(frames);
        result.setProperty("frames", Integer.toString(sampledFrames));
        environment(result);

        long before = HeapUsage.usedAfterFullGc();
        HeldQueue queue = variant.open(queueSize, logs);
        long idle = HeapUsage.usedAfterFullGc();
        HeldSink.hold();
        Producer producer = new Producer(queue, frames);
        producer.start();
        Filled filled = awaitFull(producer, queue, problems);
        long queued = queue.queued();
        long remaining = queue.remaining();
        long held = producer.started();
        long full = HeapUsage.usedAfterFullGc();
        if (filled == Filled.SLOTS && (remaining != 0 || queued != queue.capacity())) {
            problems.add("the queue was not full: " + queued + " of " + queue.capacity() + " queued, " + remaining + " free");
        }
        if (filled == Filled.BYTES && !(producer.waitsOnByteBound() && producer.started() == held && queue.queued() == queued)) {
            problems.add("the producer waiting on the byte bound moved while the heap was read: " + held + " logged and "
                    + queued + " queued before, " + producer.started() + " and " + queue.queued() + " after");
        }
        if (HeldSink.delivered() != 0) {
            problems.add(HeldSink.delivered() + " events passed the held sink while it held");
        }
        producer.stopLogging();
        HeldSink.release();
        producer.awaitDone();
        long logged = producer.started();
        if (producer.problem() != null) {
            problems.add(producer.problem());
        }
        if (logged != held) {
            problems.add(logged + " events logged in all, " + held + " when the heap was read");
        }
        awaitDelivered(logged);
        queue.close();
        producer.exit();
        if (HeldSink.delivered() != logged) {
            problems.add("the held sink received " + HeldSink.delivered() + " of " + logged + " events");
        }
        result.setProperty("heap.before", Long.toString(before));
        result.setProperty("heap.idle", Long.toString(idle));
        result.setProperty("heap.full", Long.toString(full));
        result.setProperty("capacity", Long.toString(queue.capacity()));
        result.setProperty("queued", Long.toString(queued));
        result.setProperty("remaining", Long.toString(remaining));
        result.setProperty("filled", filled.id());
        result.setProperty("logged", Long.toString(logged));
        result.setProperty("delivered", Long.toString(HeldSink.delivered()));
        long[] encoded = new long[(int) logged];
        if (variant.hasFiles()) {
            for (String file : List.of("FILE1", "FILE2")) {
                Path log = logs.resolve(file + ".log");
                long[] events = eventBytes(log);
                result.setProperty("file." + file + ".events", Long.toString(events.length));
                result.setProperty("file." + file + ".bytes", Long.toString(Files.size(log)));
                if (events.length != logged) {
                    problems.add(file + " holds " + events.length + " of " + logged + " events");
                }
                for (int i = 0; i < Math.min(events.length, encoded.length); i++) {
                    encoded[i] += events[i];
                }
            }
        }
        if (variant.isRinglog()) {
            // Ringlog's Logback appender encodes for both file appenders on the caller: the files' bytes, event by event.
            estimate(result, problems, variant, queue.maxQueueBytes(), filled, queued, sampledFrames,
                    variant.isLogback() ? encoded : new long[encoded.length]);
        }
        result.setProperty("problems", String.join("; ", problems));
        Path file = out.resolve("heap-" + variant.id() + ".properties");
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            result.store(writer, "HeapHeld " + String.join(" ", args));
        }
        String estimate = result.getProperty("estimate.bytes") == null ? ""
                : String.format(Locale.ROOT, ", estimate %.2f KiB", Double.parseDouble(result.getProperty("estimate.bytes")) / 1024);
        System.out.printf(Locale.ROOT, "%-27s idle %7.2f MiB, full %8.2f MiB, %6.2f KiB per event%s, %,d events held, full by %s%s%n",
                variant.id(), (idle - before) / HeapReport.MIB, (full - before) / HeapReport.MIB, (full - idle) / 1024.0 / logged,
                estimate, logged, filled.id(), problems.isEmpty() ? "" : "; FAILED: " + String.join("; ", problems));
        System.exit(problems.isEmpty() ? 0 : 2);
    }

    /**
     * Waits until the producer has logged every event there was room for, or waits on Ringlog's byte bound and stays
     * put for {@value #STILL_MILLIS} ms.
     */
    private static Filled awaitFull(Producer producer, HeldQueue queue, List<String> problems) {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (System.nanoTime() < deadline) {
            if (producer.isDone()) {
                return producer.problem() == null ? Filled.SLOTS : Filled.NEITHER;
            }
            long started = producer.started();
            long queued = queue.queued();
            if (producer.waitsOnByteBound()) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(STILL_MILLIS));
                if (producer.waitsOnByteBound() && producer.started() == started && queue.queued() == queued) {
                    return Filled.BYTES;
                }
            } else {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            }
        }
        problems.add("the queue was neither full nor its producer waiting on the byte bound after " + TimeUnit.NANOSECONDS.toSeconds(WAIT_NANOS)
                + " s: " + queue.queued() + " of " + queue.capacity() + " queued, " + producer.started() + " logged");
        return Filled.NEITHER;
    }

    /**
     * The adapter's estimate of the events held, redone by {@link AdapterEstimate}: per event on average, and in the
     * byte bound's KiB for the queued events and the one that waited. Where the byte bound stopped the queue, the queued
     * events' weights must be within it and the waiting event's must pass it; where the slots did, the queued events'
     * weights must be within it.
     *
     * @param encoded the bytes encoded on the caller for each event, in the order logged
     */
    private static void estimate(Properties result, List<String> problems, HeapVariant variant, long maxQueueBytes, Filled filled,
            long queued, int frames, long[] encoded) {
        // Log4j2's garbage-free logging (thread-locals on, its default outside web applications) makes the message reusable.
        boolean reusableMessage = Constants.ENABLE_THREADLOCALS;
        long total = 0;
        long queuedKib = 0;
        long nextKib = 0;
        for (int i = 0; i < encoded.length; i++) {
            String message = DatabaseDown.message(i);
            long bytes = variant.isLogback()
                    ? AdapterEstimate.logback(message, DatabaseDown.thrownMessage(i), frames, encoded[i])
                    : AdapterEstimate.log4j2(message, reusableMessage, frames);
            total += bytes;
            if (i < queued) {
                queuedKib += AdapterEstimate.weightKib(bytes);
            } else if (i == queued) {
                nextKib = AdapterEstimate.weightKib(bytes);
            }
        }
        result.setProperty("maxQueueBytes", Long.toString(maxQueueBytes));
        result.setProperty("estimate.bytes", String.format(Locale.ROOT, "%.1f", (double) total / encoded.length));
        result.setProperty("estimate.queuedKib", Long.toString(queuedKib));
        if (maxQueueBytes == 0) {
            if (filled == Filled.BYTES) {
                problems.add("the producer waited on a byte bound that is off");
            }
            return;
        }
        long boundKib = AdapterEstimate.boundKib(maxQueueBytes);
        result.setProperty("estimate.boundKib", Long.toString(boundKib));
        if (filled == Filled.BYTES) {
            result.setProperty("estimate.nextKib", Long.toString(nextKib));
            if (queuedKib > boundKib || queuedKib + nextKib <= boundKib) {
                problems.add("the byte bound (" + boundKib + " KiB) stopped the queue at " + queued + " events, " + queuedKib
                        + " KiB by AdapterEstimate, the next one " + nextKib + " KiB: its copy of the adapter's estimate is stale");
            }
        } else if (queuedKib > boundKib) {
            problems.add("the queue's " + queued + " events weigh " + queuedKib + " KiB by AdapterEstimate, past the byte bound ("
                    + boundKib + " KiB), yet were queued: its copy of the adapter's estimate is stale");
        }
    }

    /**
     * The stack depth of the events' exceptions, read from one that is made as the producer makes them and not logged:
     * the events' own are left untouched.
     */
    private static int sampleFrames(int frames) {
        int callerFrames = DatabaseDown.depth();
        return DatabaseDown.exception(-1, frames, callerFrames).getStackTrace().length;
    }

    private static void awaitDelivered(long logged) {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (HeldSink.delivered() < logged && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    /**
     * The bytes a file holds per event, in order: an event begins on the line with its level (stack trace lines carry
     * none) and runs to the next such line; what the file appender's encoder made of it.
     */
    private static long[] eventBytes(Path log) throws IOException {
        byte[] content = Files.readAllBytes(log);
        byte[] mark = ERROR_MARK.getBytes(StandardCharsets.US_ASCII);
        List<Long> events = new ArrayList<>();
        int lineStart = 0;
        while (lineStart < content.length) {
            int lineEnd = lineStart;
            while (lineEnd < content.length && content[lineEnd] != '\n') {
                lineEnd++;
            }
            int next = Math.min(content.length, lineEnd + 1);
            if (contains(content, lineStart, lineEnd, mark)) {
                events.add(0L);
            }
            if (!events.isEmpty()) {
                events.set(events.size() - 1, events.get(events.size() - 1) + (next - lineStart));
            }
            lineStart = next;
        }
        return events.stream().mapToLong(Long::longValue).toArray();
    }

    private static boolean contains(byte[] content, int from, int to, byte[] mark) {
        for (int at = from; at + mark.length <= to; at++) {
            int matched = 0;
            while (matched < mark.length && content[at + matched] == mark[matched]) {
                matched++;
            }
            if (matched == mark.length) {
                return true;
            }
        }
        return false;
    }

    private static void environment(Properties result) {
        HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        result.setProperty("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        result.setProperty("jvm.args", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        result.setProperty("jvm.collectors", HeapUsage.collectors());
        result.setProperty("jvm.exact", Boolean.toString(HeapUsage.isExact()));
        result.setProperty("jvm.maxHeap", Long.toString(Runtime.getRuntime().maxMemory()));
        result.setProperty("jvm.compressedOops", hotspot.getVMOption("UseCompressedOops").getValue());
    }

    /** Ends a run that hangs (a queue that reported more room than it had, a sink never released). */
    private static void startWatchdog(HeapVariant variant) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(WATCHDOG_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            System.err.println("FAILED: " + variant.id() + " did not finish within " + WATCHDOG_MILLIS / 60_000 + " minutes");
            Runtime.getRuntime().halt(3);
        }, "heap-held-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    /**
     * Logs the events on a thread of its own, so that the heap can be read while it waits on the byte bound: the plug,
     * then, once the sink holds it, at most as many events as the queue had room for, until told to stop. It then stays
     * alive, its thread-locals with it, until {@link #exit()}. The readings: any thread.
     */
    private static final class Producer {
        private final HeldQueue queue;
        private final int frames;
        private final Thread thread;
        private final AtomicLong started = new AtomicLong();
        private final CountDownLatch done = new CountDownLatch(1);
        private final CountDownLatch exit = new CountDownLatch(1);
        private volatile boolean stopLogging;
        private volatile String problem;

        Producer(HeldQueue queue, int frames) {
            this.queue = queue;
            this.frames = frames;
            this.thread = new Thread(this::run, "heap-held-producer");
            thread.setDaemon(true);
        }

        void start() {
            thread.start();
        }

        private void run() {
            try {
                int callerFrames = DatabaseDown.depth();
                started.set(1);
                queue.error(DatabaseDown.message(0), DatabaseDown.exception(0, frames, callerFrames));
                long deadline = System.nanoTime() + WAIT_NANOS;
                while (HeldSink.entered() < 1 && System.nanoTime() < deadline) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                }
                if (HeldSink.entered() != 1) {
                    problem = "the plug did not reach the held sink";
                    return;
                }
                long room = queue.remaining();
                for (int i = 1; i <= room && !stopLogging; i++) {
                    started.incrementAndGet();
                    queue.error(DatabaseDown.message(i), DatabaseDown.exception(i, frames, callerFrames));
                }
            } catch (RuntimeException | Error failed) {
                problem = "the producer failed: " + failed;
            } finally {
                done.countDown();
            }
            try {
                exit.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Events whose logging call began: the plug, the queued ones, and one that waits to be queued. */
        long started() {
            return started.get();
        }

        boolean isDone() {
            return done.getCount() == 0;
        }

        /** What went wrong on the producer, or null. */
        String problem() {
            return problem;
        }

        /**
         * True if the producer waits inside Ringlog on the byte bound: parked on one of Ringlog's core objects, its last
         * event not queued, free slots left (so it does not wait for a slot).
         */
        boolean waitsOnByteBound() {
            Thread.State state = thread.getState();
            Object blocker = LockSupport.getBlocker(thread);
            return (state == Thread.State.TIMED_WAITING || state == Thread.State.WAITING) && blocker != null
                    && blocker.getClass().getName().startsWith("io.ringlog.core.")
                    && queue.queued() == started.get() - 1 && queue.remaining() > 0;
        }

        /** Logs nothing after the event in progress. */
        void stopLogging() {
            stopLogging = true;
        }

        void awaitDone() throws InterruptedException {
            if (!done.await(WAIT_NANOS, TimeUnit.NANOSECONDS)) {
                problem = "the producer did not finish within " + TimeUnit.NANOSECONDS.toSeconds(WAIT_NANOS) + " s of the release";
            }
        }

        /** Lets the thread end. */
        void exit() {
            exit.countDown();
        }
    }
}
