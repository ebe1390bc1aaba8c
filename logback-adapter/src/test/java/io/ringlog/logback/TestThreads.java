package io.ringlog.logback;

import java.lang.Thread.State;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/** Starting a named thread, and waiting until a caller is parked. */
final class TestThreads {

    private TestThreads() {
    }

    /** Waits until {@code thread} is parked (waiting for a free slot, in these tests). */
    static void awaitParked(Thread thread) {
        Awaitility.await().atMost(10, TimeUnit.SECONDS)
                .until(() -> thread.getState() == State.WAITING || thread.getState() == State.TIMED_WAITING);
    }

    /** Starts a named producer thread. */
    static Thread startThread(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.start();
        return thread;
    }
}
