package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** One logging call on its own thread, timed, noting whether an injected stall had ended when it returned. */
public final class TimedCall {
    public final Thread thread;
    private final AtomicLong tookMillis = new AtomicLong(-1);
    private final AtomicBoolean stallOverWhenReturned = new AtomicBoolean();

    /** Starts {@code call} on a new thread named {@code name}. */
    public TimedCall(String name, Runnable call, InjectedFaults faults) {
        thread = TestThreads.startThread(name, () -> {
            long begin = System.nanoTime();
            call.run();
            tookMillis.set(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin));
            stallOverWhenReturned.set(faults.stallsEnded() > 0);
        });
    }

    /** Waits (20 s at most) for the call to return; returns how long it took, in milliseconds. */
    public long join() throws InterruptedException {
        thread.join(TimeUnit.SECONDS.toMillis(20));
        assertThat(thread.isAlive()).as("%s returned", thread.getName()).isFalse();
        return tookMillis.get();
    }

    /** Whether the stall had ended when the call returned; after {@link #join()}. */
    public boolean stallOverWhenReturned() {
        return stallOverWhenReturned.get();
    }

    /** Waits until the calling thread is parked (waiting for room in the ring). */
    public void awaitParked() {
        TestThreads.awaitParked(thread, Duration.ofSeconds(20));
    }
}
