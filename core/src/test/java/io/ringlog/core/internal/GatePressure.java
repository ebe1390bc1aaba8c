package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.PipelineStats;
import io.ringlog.core.SlotWriter;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A measured load on the {@link CapacityGate}: many callers log, all at once, into a ring of {@value #CAPACITY} slots
 * behind a slow sink (a pause of 1 ms every {@value #PAUSE_EVERY} events: about 30 µs an event on an idle machine,
 * a ring turnover of about 35 ms), so that nearly all of them wait in the gate at the same time.
 *
 * <p>It measures, for each offer, how long it took and how many events the consumer handed on meanwhile (its wait
 * counted in slots freed, which does not depend on how loaded the machine is); and how often waiting callers woke up
 * (signalled, timed out or interrupted) per slot the consumer freed.
 */
final class GatePressure {
    static final int CAPACITY = 1024;
    private static final int PAUSE_EVERY = 32;
    private static final long PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long JOIN_DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(240);
    private static final SlotWriter<long[], Long> WRITER = (slot, value) -> slot[0] = value;

    /** Starts a named thread (a platform or a virtual one) running the body. */
    interface Starter {
        Thread start(String name, Runnable body);
    }

    /** What one run measured. */
    static final class Figures {
        final String label;
        final long offers;
        final long accepted;
        final long dropped;
        final long handedOn;
        final long wakeUps;
        final long medianWaitNanos;
        final long p99WaitNanos;
        final long longestWaitNanos;
        final long mostSlotsFreedDuringAWait;
        final long elapsedNanos;

        Figures(String label, long[] waits, long[] freedDuringWait, long accepted, long dropped, long handedOn, long wakeUps,
                long elapsedNanos) {
            this.label = label;
            this.offers = waits.length;
            this.accepted = accepted;
            this.dropped = dropped;
            this.handedOn = handedOn;
            this.wakeUps = wakeUps;
            long[] sorted = waits.clone();
            Arrays.sort(sorted);
            this.medianWaitNanos = sorted[sorted.length / 2];
            this.p99WaitNanos = sorted[(int) (sorted.length * 0.99)];
            this.longestWaitNanos = sorted[sorted.length - 1];
            this.mostSlotsFreedDuringAWait = Arrays.stream(freedDuringWait).max().orElse(0);
            this.elapsedNanos = elapsedNanos;
        }

        double wakeUpsPerFreedSlot() {
            return handedOn == 0 ? 0 : (double) wakeUps / handedOn;
        }

        /** Prints the figures as one {@code [figures]} line, and returns them. */
        Figures print() {
            System.out.printf("[figures] gate %s: offers=%d accepted=%d dropped=%d handed on=%d in %d ms (%.0f events/s); "
                            + "wake-ups=%d (%.2f per freed slot); wait median=%.1f ms p99=%.1f ms longest=%.1f ms; "
                            + "most slots freed during one wait=%d%n",
                    label, offers, accepted, dropped, handedOn, TimeUnit.NANOSECONDS.toMillis(elapsedNanos),
                    handedOn * 1e9 / elapsedNanos, wakeUps, wakeUpsPerFreedSlot(), medianWaitNanos / 1e6,
                    p99WaitNanos / 1e6, longestWaitNanos / 1e6, mostSlotsFreedDuringAWait);
            return this;
        }
    }

    private GatePressure() {
    }

    /**
     * Runs {@code threads} callers that each offer {@code eventsPerThread} events as fast as they can, all released
     * at once, waits for all of them, stops the pipeline and checks that every event was delivered or counted.
     *
     * @param maxBlockMillis the callers' bound on a wait, -1 for none
     */
    static Figures run(String label, int threads, int eventsPerThread, long maxBlockMillis, Starter starter) throws Exception {
        SlowSink sink = new SlowSink();
        PipelineSettings settings = PipelineSettings.builder("gate-" + label).capacity(CAPACITY)
                .fullQueuePolicy(FullQueuePolicy.BLOCK).maxBlockTime(maxBlockMillis, TimeUnit.MILLISECONDS)
                .drainOnJvmExit(false).drainTimeoutMillis(0).build();
        AsyncPipeline<long[]> pipeline = AsyncPipeline.create(settings, () -> new long[1], sink, QuietStatus.INSTANCE);
        pipeline.start();
        CapacityGate gate = gateOf(pipeline);

        long[] waits = new long[threads * eventsPerThread];
        long[] freedDuringWait = new long[threads * eventsPerThread];
        long[] acceptedPerThread = new long[threads];
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> callers = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            int caller = t;
            callers.add(starter.start("caller-" + t, () -> {
                awaitQuietly(go);
                for (int i = 0; i < eventsPerThread; i++) {
                    int offer = caller * eventsPerThread + i;
                    long freedBefore = sink.delivered;
                    long begin = System.nanoTime();
                    if (pipeline.offer(EventLevel.INFO, (long) offer, WRITER)) {
                        acceptedPerThread[caller]++;
                    }
                    waits[offer] = System.nanoTime() - begin;
                    freedDuringWait[offer] = sink.delivered - freedBefore;
                }
            }));
        }
        long begin = System.nanoTime();
        go.countDown();
        joinAll(callers);
        long elapsed = System.nanoTime() - begin;
        long wakeUps = gate.wakeUps();
        pipeline.stop();

        PipelineStats stats = pipeline.stats();
        long accepted = Arrays.stream(acceptedPerThread).sum();
        assertThat(stats.delivered()).as(stats.toString()).isEqualTo(accepted).isEqualTo(sink.delivered);
        assertThat(stats.dropped()).as(stats.toString()).isEqualTo(waits.length - accepted);
        return new Figures(label, waits, freedDuringWait, accepted, stats.dropped(), stats.delivered(), wakeUps, elapsed).print();
    }

    /** The pipeline's gate (a private field: the pipeline's wiring is not the tests' business otherwise). */
    private static CapacityGate gateOf(AsyncPipeline<?> pipeline) throws ReflectiveOperationException {
        Field field = RingPipeline.class.getDeclaredField("gate");
        field.setAccessible(true);
        return (CapacityGate) field.get(pipeline);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void joinAll(List<Thread> threads) throws InterruptedException {
        long deadline = System.nanoTime() + JOIN_DEADLINE_NANOS;
        for (Thread thread : threads) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (thread.isAlive()) {
                long alive = threads.stream().filter(Thread::isAlive).count();
                fail(alive + " of " + threads.size() + " callers still logging after "
                        + TimeUnit.NANOSECONDS.toSeconds(JOIN_DEADLINE_NANOS) + " s");
            }
        }
    }

    /** Counts deliveries (one writer, the consumer) and pauses 1 ms every {@value #PAUSE_EVERY} events. */
    private static final class SlowSink implements EventSink<long[]> {
        volatile long delivered;

        @Override
        public void deliver(long[] slot, boolean endOfBatch) {
            long count = delivered + 1;
            delivered = count;
            if (count % PAUSE_EVERY == 0) {
                LockSupport.parkNanos(PAUSE_NANOS);
            }
        }

        @Override
        public void clear(long[] slot) {
            slot[0] = 0;
        }
    }
}
