package io.ringlog.logback;

import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.util.concurrent.atomic.AtomicInteger;

/** Logback's pattern encoder, counting the events it encoded. */
public class CountingEncoder extends PatternLayoutEncoder {

    private final AtomicInteger encoded = new AtomicInteger();

    @Override
    public byte[] encode(ILoggingEvent event) {
        encoded.incrementAndGet();
        return super.encode(event);
    }

    /** How many events were encoded so far. */
    int encoded() {
        return encoded.get();
    }
}
