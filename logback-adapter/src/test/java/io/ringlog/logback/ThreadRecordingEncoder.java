package io.ringlog.logback;

import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Logback's pattern encoder, remembering the names of the threads that encoded events. */
public class ThreadRecordingEncoder extends PatternLayoutEncoder {

    private final Set<String> encodingThreads = ConcurrentHashMap.newKeySet();

    @Override
    public byte[] encode(ILoggingEvent event) {
        encodingThreads.add(Thread.currentThread().getName());
        return super.encode(event);
    }

    /** The names of the threads that encoded at least one event. */
    Set<String> encodingThreads() {
        return encodingThreads;
    }
}
