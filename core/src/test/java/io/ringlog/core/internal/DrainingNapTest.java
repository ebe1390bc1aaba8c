package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.SlotWriter;
import io.ringlog.core.StopReport;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * While a stop drains, the consumer waits for a slot that a caller claimed and has not published yet (its copy is
 * slow, or its thread descheduled) by napping, not by spinning: over half a second of such a wait it uses a small
 * fraction of a CPU, which the caller it waits for may need. (It spun there before: about the whole window.)
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DrainingNapTest {
    private static final long WINDOW_MILLIS = 500;

    @Test
    void theDrainingConsumerNapsWhileAClaimedSlotIsUnpublished() throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        assertThat(threads.isCurrentThreadCpuTimeSupported()).isTrue();
        AtomicReference<Thread> consumer = new AtomicReference<>();
        LongAdder delivered = new LongAdder();
        CountDownLatch copying = new CountDownLatch(1);
        CountDownLatch finishCopy = new CountDownLatch(1);
        SlotWriter<Object[], Object> slowCopy = (slot, event) -> {
            if ("slow".equals(event)) {
                copying.countDown();
                awaitQuietly(finishCopy);
            }
            slot[0] = event;
        };
        EventSink<Object[]> sink = new EventSink<>() {
            @Override
            public void deliver(Object[] slot, boolean endOfBatch) {
                delivered.increment();
            }

            @Override
            public void clear(Object[] slot) {
                slot[0] = null;
            }
        };
        AsyncPipeline<Object[]> pipeline = AsyncPipeline.create(PipelineSettings.builder("draining-nap").capacity(16)
                .drainTimeoutMillis(30_000).drainOnJvmExit(false).threadFactory(runnable -> {
                    Thread thread = new Thread(runnable, "draining-nap-consumer");
                    consumer.set(thread);
                    return thread;
                }).build(), () -> new Object[1], sink, QuietStatus.INSTANCE);
        pipeline.start();
        assertThat(pipeline.offer(EventLevel.INFO, "first", slowCopy)).isTrue();
        Thread caller = new Thread(() -> pipeline.offer(EventLevel.INFO, "slow", slowCopy), "slow-copy");
        caller.start();
        copying.await();
        StopReport[] report = new StopReport[1];
        Thread stopper = new Thread(() -> report[0] = pipeline.stop(), "stopper");
        stopper.start();
        await().until(() -> !pipeline.isRunning());

        long cpuBefore = threads.getThreadCpuTime(consumer.get().getId());
        long begun = System.nanoTime();
        Thread.sleep(WINDOW_MILLIS); // the measurement window, not a synchronisation: the consumer waits throughout
        long cpuMillis = TimeUnit.NANOSECONDS.toMillis(threads.getThreadCpuTime(consumer.get().getId()) - cpuBefore);
        long wallMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
        assertThat(stopper.isAlive()).as("the drain still waits for the claimed slot").isTrue();

        finishCopy.countDown();
        stopper.join(TimeUnit.SECONDS.toMillis(30));
        caller.join(TimeUnit.SECONDS.toMillis(30));
        System.out.printf("[figures] draining consumer: %d ms of CPU in %d ms of waiting for a claimed slot%n", cpuMillis, wallMillis);
        assertThat(cpuMillis).as("consumer CPU while it waited %d ms for the claimed slot", wallMillis).isLessThan(wallMillis / 10);
        assertThat(report[0].drained()).isTrue();
        assertThat(delivered.sum()).isEqualTo(2);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
