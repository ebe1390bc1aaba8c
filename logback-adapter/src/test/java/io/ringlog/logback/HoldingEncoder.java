package io.ringlog.logback;

import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Logback's pattern encoder that, on a caller's thread, holds any event whose message contains {@code "hold"} until
 * {@link #release()}: a caller preempted in the middle of its encoding, made to last. One test at a time uses it.
 */
public class HoldingEncoder extends PatternLayoutEncoder {

    private static volatile CountDownLatch entered = new CountDownLatch(1);
    private static volatile CountDownLatch released = new CountDownLatch(1);

    /** Arms the encoder for one held event. */
    static void arm() {
        entered = new CountDownLatch(1);
        released = new CountDownLatch(1);
    }

    /** Waits until a caller is held inside {@link #encode}. */
    static boolean awaitHeld(long seconds) throws InterruptedException {
        return entered.await(seconds, TimeUnit.SECONDS);
    }

    /** Lets the held caller finish its encoding. */
    static void release() {
        released.countDown();
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        if (event.getFormattedMessage().contains("hold") && !Thread.currentThread().getName().startsWith("ringlog-")) {
            entered.countDown();
            try {
                if (!released.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("HoldingEncoder was never released");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return super.encode(event);
    }
}
