package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.contract.TestThreads;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@value #THREADS} platform threads log into a full ring of {@value GatePressure#CAPACITY} behind a slow sink (see
 * {@link GatePressure}): every event is delivered or counted, and the figures are printed. Sized for 2 cores.
 */
@Tag("stress")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CapacityGatePressureStressTest {
    private static final int THREADS = 64;
    private static final int EVENTS_PER_THREAD = 400;

    @Test
    void platformThreadsWaitingWithoutBound() throws Exception {
        GatePressure.Figures figures = GatePressure.run("64 platform threads, BLOCK", THREADS, EVENTS_PER_THREAD, -1,
                TestThreads::startThread);
        assertThat(figures.dropped).isZero();
    }

    @Test
    void platformThreadsWaitingAtMost100Millis() throws Exception {
        GatePressure.run("64 platform threads, maxBlockTime 100 ms", THREADS, EVENTS_PER_THREAD, 100, TestThreads::startThread);
    }
}
