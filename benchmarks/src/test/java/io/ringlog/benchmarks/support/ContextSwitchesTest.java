package io.ringlog.benchmarks.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** Linux's per-thread counts: a thread that parks switches voluntarily at least once per park. */
class ContextSwitchesTest {

    @Test
    void parkingCountsAsVoluntarySwitches() {
        ContextSwitches before = ContextSwitches.ofCurrentThread();
        assumeTrue(before != ContextSwitches.UNKNOWN, "no /proc/thread-self/status here");
        for (int i = 0; i < 20; i++) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // a blocking wait is what is counted
        }
        ContextSwitches after = ContextSwitches.ofCurrentThread();

        assertThat(after.voluntarySince(before)).isGreaterThanOrEqualTo(20);
        assertThat(after.involuntarySince(before)).isGreaterThanOrEqualTo(0);
    }
}
