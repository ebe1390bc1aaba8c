package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A downstream test appender that records every event it receives and can be held closed, so that the
 * consumer blocks inside it and the ring fills deterministically. Optionally logs an echo of each event
 * through a logger (re-entrancy). Configured from XML: {@code <closed>true</closed>}, {@code <echoLogger>}.
 */
public class GateAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    private volatile CountDownLatch gate = new CountDownLatch(0);
    private final AtomicInteger arrivals = new AtomicInteger();
    private final List<ILoggingEvent> received = new ArrayList<>();
    private String echoLogger;

    /** Starts closed: the consumer waits in the first event until {@link #open()}. */
    public void setClosed(boolean closed) {
        gate = new CountDownLatch(closed ? 1 : 0);
    }

    /** Each received event whose message does not start with "echo" is logged again as "echo &lt;msg&gt;" through this logger. */
    public void setEchoLogger(String echoLogger) {
        this.echoLogger = echoLogger;
    }

    void open() {
        gate.countDown();
    }

    /** How many events have reached the gate (including one held there). */
    int arrivals() {
        return arrivals.get();
    }

    @Override
    protected void append(ILoggingEvent event) {
        arrivals.incrementAndGet();
        try {
            if (!gate.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (received) {
            received.add(event);
        }
        if (echoLogger != null && !event.getFormattedMessage().startsWith("echo")) {
            ((ch.qos.logback.classic.LoggerContext) getContext()).getLogger(echoLogger).info("echo {}", event.getFormattedMessage());
        }
    }

    /** The events received so far, in order. */
    List<ILoggingEvent> received() {
        synchronized (received) {
            return new ArrayList<>(received);
        }
    }

    /** The formatted messages received so far, in order. */
    List<String> messages() {
        List<String> messages = new ArrayList<>();
        for (ILoggingEvent event : received()) {
            messages.add(event.getFormattedMessage());
        }
        return messages;
    }
}
