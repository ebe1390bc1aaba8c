package io.ringlog.contract;

import java.time.Duration;
import org.awaitility.Awaitility;

/** Starting a named thread, and telling or waiting until a caller is parked (waiting for room in a full ring). */
public final class TestThreads {
    private static final Duration PARK_WAIT = Duration.ofSeconds(10);

    private TestThreads() {
    }

    /** Starts a named platform thread running {@code body}. */
    public static Thread startThread(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.start();
        return thread;
    }

    /** Whether {@code thread} is parked: WAITING or TIMED_WAITING. */
    public static boolean isParked(Thread thread) {
        Thread.State state = thread.getState();
        return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
    }

    /** Waits (10 s at most) until {@code thread} is parked. */
    public static void awaitParked(Thread thread) {
        awaitParked(thread, PARK_WAIT);
    }

    /** Waits ({@code atMost}) until {@code thread} is parked. */
    public static void awaitParked(Thread thread, Duration atMost) {
        Awaitility.await().atMost(atMost).until(() -> isParked(thread));
    }
}
