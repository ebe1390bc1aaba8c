package io.ringlog.contract;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Waiting on a latch the way a downstream appender held by a test must: through interrupts, but never forever. */
public final class Latches {

    private Latches() {
    }

    /**
     * Waits until {@code latch} opens. An interrupt does not end the wait (a Ringlog drain or a framework may interrupt
     * the delivering thread; the scenario says when the appender is released), but is restored afterwards. The bound
     * only keeps a broken test from hanging the build: past it, an {@link IllegalStateException} says {@code neverOpened}.
     */
    public static void awaitThroughInterrupts(CountDownLatch latch, long bound, TimeUnit unit, String neverOpened) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    if (!latch.await(bound, unit)) {
                        throw new IllegalStateException(neverOpened);
                    }
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
