package io.ringlog.jcstress;

import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.SlotWriter;
import io.ringlog.core.StatusReporter;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.infra.results.IIII_Result;

/** A started pipeline whose sink counts deliveries, for one jcstress iteration. */
final class Fixture {
    static final SlotWriter<int[], Integer> WRITER = (slot, value) -> slot[0] = value;
    private static final StatusReporter QUIET = new StatusReporter() {
        @Override
        public void info(String message) {
        }

        @Override
        public void warn(String message) {
        }

        @Override
        public void error(String message, Throwable cause) {
        }
    };

    final AtomicInteger deliveries = new AtomicInteger();
    final AtomicInteger deliveredSum = new AtomicInteger();
    final AsyncPipeline<int[]> pipeline;

    Fixture(int capacity, FullQueuePolicy policy) {
        EventSink<int[]> sink = new EventSink<>() {
            @Override
            public void deliver(int[] slot, boolean endOfBatch) {
                deliveries.incrementAndGet();
                deliveredSum.addAndGet(slot[0]);
            }

            @Override
            public void clear(int[] slot) {
                slot[0] = 0;
            }
        };
        PipelineSettings settings = PipelineSettings.builder("jcstress").capacity(capacity).fullQueuePolicy(policy)
                .drainOnJvmExit(false).drainTimeoutMillis(0).build();
        pipeline = AsyncPipeline.create(settings, () -> new int[1], sink, QUIET);
        pipeline.start();
    }

    /**
     * Stops the pipeline (draining it) and reports (accepted, deliveries, sum of delivered values, drops), given
     * what each of two callers' {@link #offer} returned.
     */
    void stopAndReport(int firstAccepted, int secondAccepted, IIII_Result r) {
        pipeline.stop();
        r.r1 = firstAccepted + secondAccepted;
        r.r2 = deliveries.get();
        r.r3 = deliveredSum.get();
        r.r4 = (int) pipeline.stats().dropped();
    }

    /** Offers the value as an INFO event; 1 if accepted, 0 if dropped. */
    int offer(int value) {
        return pipeline.offer(EventLevel.INFO, value, WRITER) ? 1 : 0;
    }
}
