package io.ringlog.core.internal;

import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.PipelineStats;
import io.ringlog.core.SlotWriter;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A child JVM's scenario (run by {@link PinnedVirtualThreadsIT} with two carrier threads and no compensation):
 * {@value #THREADS} virtual threads log {@value #EVENTS_PER_THREAD} events each into a ring of {@value #CAPACITY}
 * behind a sink that takes {@value #SINK_MICROS} µs per event; two in three of them log while pinned to their carrier,
 * from a class initialiser (JDK 24 and newer still pin there; JDK 21-23 pin in {@code synchronized} as well). Every
 * caller must finish within {@value #DEADLINE_SECONDS} s; prints what happened and exits 0 if all did, 1 otherwise.
 *
 * <p>Each pinned caller initialises its own copy of {@link Pinned}, defined afresh by a class loader of its own, so
 * that every one of them runs a class initialiser.
 */
public final class PinnedCallersScenario {
    static final int THREADS = 200;
    static final int EVENTS_PER_THREAD = 10;
    static final int CAPACITY = 4;
    static final long SINK_MICROS = 1_000;
    static final long DEADLINE_SECONDS = 30;
    private static final SlotWriter<long[], Long> WRITER = (slot, value) -> slot[0] = value;

    private static volatile AsyncPipeline<long[]> pipeline;

    private PinnedCallersScenario() {
    }

    /** Logs while its class is being initialised: its caller is pinned to its carrier throughout. */
    public static final class Pinned {
        static {
            logTen();
        }

        private Pinned() {
        }
    }

    /** The events of one caller (called from {@link Pinned}'s initialiser, or directly by an unpinned caller). */
    public static void logTen() {
        long base = Thread.currentThread().threadId() * EVENTS_PER_THREAD;
        for (long i = 0; i < EVENTS_PER_THREAD; i++) {
            pipeline.offer(EventLevel.INFO, base + i, WRITER);
        }
    }

    public static void main(String[] args) throws Exception {
        byte[] pinnedClass = classBytes(Pinned.class);
        EventSink<long[]> sink = new EventSink<>() {
            @Override
            public void deliver(long[] slot, boolean endOfBatch) {
                LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(SINK_MICROS));
            }

            @Override
            public void clear(long[] slot) {
                slot[0] = 0;
            }
        };
        pipeline = AsyncPipeline.create(PipelineSettings.builder("pinned").capacity(CAPACITY).drainOnJvmExit(false).build(),
                () -> new long[1], sink, QuietStatus.INSTANCE);
        pipeline.start();
        warmUpOnPlatformThreads();
        long begun = System.nanoTime();
        List<Thread> callers = new ArrayList<>(THREADS);
        for (int t = 0; t < THREADS; t++) {
            boolean pinned = t % 3 != 0;
            Runnable body = pinned ? () -> initialiseOwnCopy(pinnedClass) : PinnedCallersScenario::logTen;
            callers.add(Thread.ofVirtual().name((pinned ? "pinned-" : "free-") + t).start(body));
        }
        long deadline = begun + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        for (Thread caller : callers) {
            caller.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
        long finished = callers.stream().filter(caller -> !caller.isAlive()).count();
        PipelineStats stats = pipeline.stats();
        System.out.println("finished " + finished + " of " + THREADS + " callers in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun) + " ms; " + stats);
        if (finished < THREADS) {
            callers.stream().filter(Thread::isAlive).limit(3).forEach(caller -> {
                System.out.println("still running: " + caller);
                for (StackTraceElement frame : caller.getStackTrace()) {
                    System.out.println("    at " + frame);
                }
            });
            System.out.flush();
            Runtime.getRuntime().halt(1); // the stuck callers would keep the pipeline's stop waiting
        }
        pipeline.stop();
        long expected = (long) THREADS * EVENTS_PER_THREAD + WARM_UP_EVENTS;
        stats = pipeline.stats();
        System.out.println("delivered " + stats.delivered() + " of " + expected + "; " + stats);
        System.exit(stats.delivered() == expected ? 0 : 1);
    }

    private static final long WARM_UP_EVENTS = 400;

    /** Initialises the classes of the full-ring path on platform threads, so that no other class initialiser pins. */
    private static void warmUpOnPlatformThreads() throws InterruptedException {
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            long first = t * 100L;
            threads[t] = Thread.ofPlatform().start(() -> {
                for (long i = first; i < first + WARM_UP_EVENTS / threads.length; i++) {
                    pipeline.offer(EventLevel.INFO, i, WRITER);
                }
            });
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    private static void initialiseOwnCopy(byte[] pinnedClass) {
        try {
            Class.forName(Pinned.class.getName(), true, new OwnCopyLoader(pinnedClass));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] classBytes(Class<?> type) throws IOException {
        String resource = type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getClassLoader().getResourceAsStream(resource)) {
            return in.readAllBytes();
        }
    }

    /** Defines its own {@link Pinned}; every other class comes from the parent, so all copies log into one pipeline. */
    private static final class OwnCopyLoader extends ClassLoader {
        private final byte[] pinnedClass;

        OwnCopyLoader(byte[] pinnedClass) {
            super(PinnedCallersScenario.class.getClassLoader());
            this.pinnedClass = pinnedClass;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(Pinned.class.getName())) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                return loaded != null ? loaded : defineClass(name, pinnedClass, 0, pinnedClass.length);
            }
        }
    }
}
