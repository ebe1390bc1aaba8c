package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A downstream test appender that injects faults, configured from XML. It throws out of {@code doAppend} (which
 * Logback's base class would otherwise catch), so the fault reaches Ringlog:
 * <ul>
 * <li>{@code <failEvery>N</failEvery>}: an {@link IllegalStateException} on every Nth event it receives (not counting
 * those that throw an Error);
 * <li>{@code <errorOn>text</errorOn>}: an {@link InjectedError} for each message containing the text;
 * <li>{@code <stallOn>text</stallOn>}, {@code <stallMillis>}: sleeps that long in each message containing the text
 * (a downstream that stalls; the sleep is the scenario);
 * <li>{@code <blockOn>text</blockOn>}: blocks in each message containing the text until {@link #release()}.
 * </ul>
 * Counts what it did. Called by one consumer thread at a time; read from any thread.
 */
public class FaultyAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    /** The Error this appender throws; a distinct type so that tests can recognise it. */
    static final class InjectedError extends Error {
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
    private final AtomicInteger arrivals = new AtomicInteger();
    private final AtomicInteger candidates = new AtomicInteger();
    private final AtomicInteger runtimeThrown = new AtomicInteger();
    private final AtomicInteger errorsThrown = new AtomicInteger();
    private final AtomicInteger stallsBegun = new AtomicInteger();
    private final AtomicInteger stallsEnded = new AtomicInteger();
    private final AtomicInteger blocked = new AtomicInteger();
    private final AtomicInteger appended = new AtomicInteger();

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

    @Override
    public void doAppend(ILoggingEvent event) {
        arrivals.incrementAndGet();
        String message = event.getFormattedMessage();
        if (blockOn != null && message.contains(blockOn)) {
            blocked.incrementAndGet();
            awaitRelease();
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
        super.doAppend(event);
    }

    private void awaitRelease() {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    // "Forever" for the scenario; the bound only keeps a broken test from hanging the build.
                    if (!released.await(2, TimeUnit.MINUTES)) {
                        throw new IllegalStateException("the test never released " + getName());
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

    @Override
    protected void append(ILoggingEvent event) {
        appended.incrementAndGet();
    }

    /** Lets every blocked and later delivery through. */
    void release() {
        released.countDown();
    }

    int arrivals() {
        return arrivals.get();
    }

    int runtimeThrown() {
        return runtimeThrown.get();
    }

    int errorsThrown() {
        return errorsThrown.get();
    }

    int stallsBegun() {
        return stallsBegun.get();
    }

    int stallsEnded() {
        return stallsEnded.get();
    }

    int blocked() {
        return blocked.get();
    }

    int appended() {
        return appended.get();
    }
}
