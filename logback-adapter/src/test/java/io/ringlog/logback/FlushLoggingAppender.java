package io.ringlog.logback;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A stream appender, into memory, that logs once through the logger {@code app} when, once {@link #arm() armed}, it is
 * flushed with nothing written since its last flush: the flush Ringlog makes after the last delivery of a drain, in
 * the pipeline's closing window, on its consumer thread. Configure it with {@code immediateFlush=false}, which gets
 * that flush. Its stream is written on the consumer thread only; the test reads it after the drain.
 */
public class FlushLoggingAppender extends OutputStreamAppender<ILoggingEvent> {

    static final String LOGGED_ON_FLUSH = "logged while flushing";

    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    private volatile boolean armed;
    private volatile boolean logged;
    private boolean writtenSinceFlush;

    @Override
    public void start() {
        setOutputStream(new OutputStream() {
            @Override
            public void write(int b) {
                written.write(b);
                writtenSinceFlush = true;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                written.write(b, off, len);
                writtenSinceFlush = true;
            }

            @Override
            public void flush() {
                boolean empty = !writtenSinceFlush;
                writtenSinceFlush = false;
                if (armed && empty && !logged) {
                    logged = true;
                    ((LoggerContext) getContext()).getLogger("app").info(LOGGED_ON_FLUSH);
                }
            }
        });
        super.start();
    }

    /** From now on the first flush with nothing to write logs. */
    void arm() {
        armed = true;
    }

    /** Whether it has logged from a flush. */
    boolean loggedOnFlush() {
        return logged;
    }

    /** What it wrote so far. */
    String written() {
        synchronized (written) {
            return written.toString(StandardCharsets.UTF_8);
        }
    }
}
