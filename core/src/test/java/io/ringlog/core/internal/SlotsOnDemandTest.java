package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.SlotWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The ring's slots are created as the ring first fills, once each: an idle pipeline holds none, a pipeline that
 * has seen ten events holds ten, and one that has gone round its ring many times, from several callers at once,
 * holds exactly its capacity, every event delivered once.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SlotsOnDemandTest {
    private static final int CAPACITY = 1024;
    private static final SlotWriter<long[], Long> WRITER = (slot, event) -> slot[0] = event;

    @Test
    void slotsAreCreatedOnFirstUseOnlyAndReusedForGood() throws Exception {
        AtomicInteger created = new AtomicInteger();
        LongAdder delivered = new LongAdder();
        ConcurrentHashMap<Long, Boolean> seen = new ConcurrentHashMap<>();
        EventSink<long[]> sink = new EventSink<>() {
            @Override
            public void deliver(long[] slot, boolean endOfBatch) {
                assertThat(seen.put(slot[0], Boolean.TRUE)).as("event %d delivered once", slot[0]).isNull();
                delivered.increment();
            }

            @Override
            public void clear(long[] slot) {
                slot[0] = -1;
            }
        };
        AsyncPipeline<long[]> pipeline = AsyncPipeline.create(PipelineSettings.builder("slots-on-demand").capacity(CAPACITY)
                .drainOnJvmExit(false).build(), () -> {
                    created.incrementAndGet();
                    return new long[1];
                }, sink, QuietStatus.INSTANCE);
        pipeline.start();
        try {
            assertThat(created.get()).as("an idle ring holds no slots").isZero();
            for (long i = 0; i < 10; i++) {
                assertThat(pipeline.offer(EventLevel.INFO, i, WRITER)).isTrue();
            }
            await().until(() -> delivered.sum() == 10);
            assertThat(created.get()).as("one slot per event so far").isEqualTo(10);

            int threads = 4;
            int perThread = 5 * CAPACITY;
            List<Thread> callers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long first = 10 + (long) t * perThread;
                Thread caller = new Thread(() -> {
                    for (long i = first; i < first + perThread; i++) {
                        pipeline.offer(EventLevel.INFO, i, WRITER);
                    }
                }, "caller-" + t);
                callers.add(caller);
                caller.start();
            }
            for (Thread caller : callers) {
                caller.join();
            }
            long logged = 10 + (long) threads * perThread;
            await().until(() -> delivered.sum() == logged);
            assertThat(created.get()).as("each of the ring's slots created once").isEqualTo(CAPACITY);
            assertThat(pipeline.stats().dropped()).isZero();
        } finally {
            pipeline.stop();
        }
    }
}
