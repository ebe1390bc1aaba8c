package io.ringlog.benchmarks.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import io.ringlog.benchmarks.support.SinkCounters;

/**
 * The benchmark sink for Logback: formats each event's message (the work a real layout cannot skip), counts
 * it, and optionally charges a fixed cost per event ({@code spinNanos} busy, {@code parkNanos} idle, both
 * serialised like one device). Any thread.
 */
public final class CountingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    private long spinNanos;
    private long parkNanos;

    /** Busy CPU per event; default 0. */
    public void setSpinNanos(long spinNanos) {
        this.spinNanos = spinNanos;
    }

    /** Sleep per event; default 0. */
    public void setParkNanos(long parkNanos) {
        this.parkNanos = parkNanos;
    }

    @Override
    protected void append(ILoggingEvent event) {
        SinkCounters.deliver(event.getFormattedMessage(), spinNanos, parkNanos);
    }
}
