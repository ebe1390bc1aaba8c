package io.ringlog.log4j2;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A test target that injects faults ({@code <Faulty>}): an {@link IllegalStateException} on every {@code failEvery}th
 * event (not counting those that throw an Error), an {@link InjectedError} on messages containing {@code errorOn}, a
 * sleep of {@code stallMillis} on messages containing {@code stallOn} (the sleep is the scenario), and a wait until
 * {@link #release()} on messages containing {@code blockOn}. With {@code ignoreExceptions="false"} Log4j2 passes the
 * exception on to RingAsync. Thread-safe.
 */
@Plugin(name = "Faulty", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class FaultyAppender extends AbstractAppender {

    /** The Error this target throws. */
    static final class InjectedError extends Error {
        private static final long serialVersionUID = 1L;

        InjectedError(String message) {
            super(message);
        }
    }

    private final int failEvery;
    private final String errorOn;
    private final String stallOn;
    private final long stallMillis;
    private final String blockOn;
    private final CountDownLatch released = new CountDownLatch(1);
    private final AtomicInteger candidates = new AtomicInteger();
    private final AtomicInteger runtimeThrown = new AtomicInteger();
    private final AtomicInteger errorsThrown = new AtomicInteger();
    private final AtomicInteger stallsBegun = new AtomicInteger();
    private final AtomicInteger stallsEnded = new AtomicInteger();
    private final AtomicInteger blocked = new AtomicInteger();

    private FaultyAppender(String name, int failEvery, String errorOn, String stallOn, long stallMillis, String blockOn,
                           boolean ignoreExceptions) {
        super(name, null, null, ignoreExceptions, Property.EMPTY_ARRAY);
        this.failEvery = failEvery;
        this.errorOn = errorOn;
        this.stallOn = stallOn;
        this.stallMillis = stallMillis;
        this.blockOn = blockOn;
    }

    /** The plugin factory. */
    @PluginFactory
    public static FaultyAppender create(@PluginAttribute("name") String name,
                                        @PluginAttribute(value = "failEvery", defaultInt = 0) int failEvery,
                                        @PluginAttribute("errorOn") String errorOn,
                                        @PluginAttribute("stallOn") String stallOn,
                                        @PluginAttribute(value = "stallMillis", defaultLong = 1500) long stallMillis,
                                        @PluginAttribute("blockOn") String blockOn,
                                        @PluginAttribute(value = "ignoreExceptions", defaultBoolean = true) boolean ignoreExceptions) {
        return new FaultyAppender(name, failEvery, errorOn, stallOn, stallMillis, blockOn, ignoreExceptions);
    }

    @Override
    public void append(LogEvent event) {
        String message = event.getMessage().getFormattedMessage();
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

    /** Lets every blocked and later delivery through. */
    public void release() {
        released.countDown();
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
}
