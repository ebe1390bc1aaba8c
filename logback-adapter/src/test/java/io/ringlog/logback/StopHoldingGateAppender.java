package io.ringlog.logback;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A {@link GateAppender} whose {@code stop()} waits until the test lets it through (a child slow to stop). */
public class StopHoldingGateAppender extends GateAppender {

    private final CountDownLatch stopAllowed = new CountDownLatch(1);
    private volatile Thread stopping;

    @Override
    public void stop() {
        stopping = Thread.currentThread();
        try {
            if (!stopAllowed.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never let the stop through");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        super.stop();
    }

    /** The thread inside {@link #stop()}, or null. */
    Thread stopping() {
        return stopping;
    }

    void allowStop() {
        stopAllowed.countDown();
    }
}
