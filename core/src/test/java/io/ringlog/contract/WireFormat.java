package io.ringlog.contract;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * How a socket appender's events arrive at a {@link LoopbackListener}: one {@link EventReader} per connection, which
 * turns the stream back into events written as {@code LEVEL|thread|message}.
 */
@FunctionalInterface
public interface WireFormat {

    /** Starts decoding one connection's stream (may block until the sender's stream header arrives). */
    EventReader open(InputStream in) throws IOException;

    /** The events of one connection, in the order they arrived. */
    @FunctionalInterface
    interface EventReader {
        /** The next event as {@code LEVEL|thread|message}; null at the end of the stream. */
        String next() throws IOException;
    }

    /** UTF-8 text, one event per line, as a layout {@code %level|%thread|%msg%n} writes it. */
    static WireFormat lines() {
        return in -> {
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            return reader::readLine;
        };
    }
}
