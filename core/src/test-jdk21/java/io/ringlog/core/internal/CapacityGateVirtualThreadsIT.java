package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.contract.TestThreads;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@value #THREADS} virtual threads log into a full ring of {@value GatePressure#CAPACITY} behind a slow sink (see
 * {@link GatePressure}): every event is delivered or counted, and the figures are printed. Runs on JDK 21+ (the
 * {@code jdk25} profile; {@code .ci/matrix virtual-threads}).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class CapacityGateVirtualThreadsIT {
    private static final int THREADS = 10_000;
    private static final int EVENTS_PER_THREAD = 5;

    /**
     * No herd and no starvation: about one wake-up per freed slot (measured 0.98; the former wake-all gate: 4.27), and
     * while one caller waits the consumer frees at most about one slot per caller queued ahead of it (at most 9,999)
     * plus a ring's worth (measured 10,688; the former gate: 48,461 of the run's 50,000).
     */
    @Test
    void virtualThreadsWaitingWithoutBound() throws Exception {
        warmUp();
        GatePressure.Figures figures = GatePressure.run("10,000 virtual threads, BLOCK", THREADS, EVENTS_PER_THREAD, -1,
                CapacityGateVirtualThreadsIT::virtual);
        assertThat(figures.dropped).isZero();
        assertThat(figures.wakeUpsPerFreedSlot()).isLessThanOrEqualTo(1.5);
        assertThat(figures.mostSlotsFreedDuringAWait).isLessThanOrEqualTo(THREADS + 4L * GatePressure.CAPACITY);
    }

    @Test
    void virtualThreadsWaitingAtMostOneSecond() throws Exception {
        warmUp();
        GatePressure.run("10,000 virtual threads, maxBlockTime 1 s", THREADS, EVENTS_PER_THREAD, 1_000,
                CapacityGateVirtualThreadsIT::virtual);
    }

    /**
     * Initialises the classes of the full-ring path on platform threads: a class initialiser that runs on a virtual
     * thread pins its carrier, and every other virtual thread that needs the class waits for it.
     */
    private static void warmUp() throws Exception {
        GatePressure.run("warm-up, 4 platform threads", 4, 2_000, -1, TestThreads::startThread);
    }

    private static Thread virtual(String name, Runnable body) {
        return Thread.ofVirtual().name(name).start(body);
    }
}
