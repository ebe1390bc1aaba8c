package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicInteger;

/** A real FileAppender whose output stream counts the flushes it receives. */
public class FlushCountingFileAppender extends FileAppender<ILoggingEvent> {

    private final AtomicInteger flushes = new AtomicInteger();

    @Override
    public void setOutputStream(OutputStream outputStream) {
        super.setOutputStream(outputStream == null ? null : new FilterOutputStream(outputStream) {
            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                out.write(bytes, offset, length);
            }

            @Override
            public void flush() throws IOException {
                flushes.incrementAndGet();
                out.flush();
            }
        });
    }

    int flushes() {
        return flushes.get();
    }
}
