package io.ringlog.contract;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The faults the adapters' {@code FaultyAppender}s inject, decided by the formatted message and counted:
 * <ul>
 * <li>{@code failEvery} N: an {@link IllegalStateException} on every Nth event (not counting those that throw an Error);
 * <li>{@code errorOn} text: an {@link InjectedError} for each message containing the text;
 * <li>{@code stallOn} text, {@code stallMillis}: sleeps that long in each message containing the text (a downstream
 * that stalls; the sleep is the scenario);
 * <li>{@code blockOn} text: blocks in each message containing the text until {@link #release()}.
 * </ul>
 * Configured before the appender starts; {@link #inject} runs on the delivering thread; the counts may be read from
 * any thread.
 */
public final class InjectedFaults {

    /** The Error that {@code errorOn} throws; a distinct type so that tests can recognise it. */
    public static final class InjectedError extends Error {
        private static final long serialVersionUID = 1L;

        InjectedError(String message) {
            super(message);
        }
    }

    private int failEvery;
    private String errorOn;
    private String stallOn;
    private long stallMillis = 1500;
    private String blockOn;

    private final CountDownLatch released = new CountDownLatch(1);
    private final AtomicInteger candidates = new AtomicInteger();
    private final AtomicInteger runtimeThrown = new AtomicInteger();
    private final AtomicInteger errorsThrown = new AtomicInteger();
    private final AtomicInteger stallsBegun = new AtomicInteger();
    private final AtomicInteger stallsEnded = new AtomicInteger();
    private final AtomicInteger blocked = new AtomicInteger();

    public void setFailEvery(int failEvery) {
        this.failEvery = failEvery;
    }

    public void setErrorOn(String errorOn) {
        this.errorOn = errorOn;
    }

    public void setStallOn(String stallOn) {
        this.stallOn = stallOn;
    }

    public void setStallMillis(long stallMillis) {
        this.stallMillis = stallMillis;
    }

    public void setBlockOn(String blockOn) {
        this.blockOn = blockOn;
    }

    /** Applies the configured faults to one event of the appender called {@code appenderName}. */
    public void inject(String message, String appenderName) {
        if (blockOn != null && message.contains(blockOn)) {
            blocked.incrementAndGet();
            awaitRelease(appenderName);
        }
        if (stallOn != null && message.contains(stallOn)) {
            stallsBegun.incrementAndGet();
            try {
                Thread.sleep(stallMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                stallsEnded.incrementAndGet();
            }
        }
        if (errorOn != null && message.contains(errorOn)) {
            errorsThrown.incrementAndGet();
            throw new InjectedError("injected error on " + message);
        }
        if (failEvery > 0 && candidates.incrementAndGet() % failEvery == 0) {
            runtimeThrown.incrementAndGet();
            throw new IllegalStateException("injected failure on " + message);
        }
    }

    private void awaitRelease(String appenderName) {
        // "Forever" for the scenario; the bound only keeps a broken test from hanging the build.
        Latches.awaitThroughInterrupts(released, 2, TimeUnit.MINUTES, "the test never released " + appenderName);
    }

    /** Lets every blocked and later delivery through. */
    public void release() {
        released.countDown();
    }

    public int runtimeThrown() {
        return runtimeThrown.get();
    }

    public int errorsThrown() {
        return errorsThrown.get();
    }

    public int stallsBegun() {
        return stallsBegun.get();
    }

    public int stallsEnded() {
        return stallsEnded.get();
    }

    public int blocked() {
        return blocked.get();
    }
}
