package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import io.ringlog.contract.InjectedFaults;

/**
 * A downstream test appender that injects the faults of {@link InjectedFaults}, configured from XML with
 * {@code <failEvery>}, {@code <errorOn>}, {@code <stallOn>}, {@code <stallMillis>} and {@code <blockOn>}. It throws out
 * of {@code doAppend} (which Logback's base class would otherwise catch), so the fault reaches Ringlog. Called by one
 * consumer thread at a time; read from any thread.
 */
public class FaultyAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    private final InjectedFaults faults = new InjectedFaults();

    public void setFailEvery(int failEvery) {
        faults.setFailEvery(failEvery);
    }

    public void setErrorOn(String errorOn) {
        faults.setErrorOn(errorOn);
    }

    public void setStallOn(String stallOn) {
        faults.setStallOn(stallOn);
    }

    public void setStallMillis(long stallMillis) {
        faults.setStallMillis(stallMillis);
    }

    public void setBlockOn(String blockOn) {
        faults.setBlockOn(blockOn);
    }

    @Override
    public void doAppend(ILoggingEvent event) {
        faults.inject(event.getFormattedMessage(), getName());
        super.doAppend(event);
    }

    @Override
    protected void append(ILoggingEvent event) {
        // the faults are the point; a delivered event is simply taken
    }

    /** What this appender injects, and how often it did. */
    InjectedFaults faults() {
        return faults;
    }
}
