package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An {@link OutputStreamAppender} over a {@link Disk} the test controls: while the disk is full, every write fails
 * with an {@link IOException}, as a full disk would. Logback's own handling applies unchanged (it catches the
 * exception, reports it to the status manager and stops the appender).
 */
public class FlakyStreamAppender extends OutputStreamAppender<ILoggingEvent> {

    /** An in-memory "disk" whose writes fail while it is full. Thread-safe. */
    static final class Disk extends OutputStream {
        private final ByteArrayOutputStream content = new ByteArrayOutputStream();
        private final AtomicInteger failedWrites = new AtomicInteger();
        private volatile boolean full;

        void setFull(boolean full) {
            this.full = full;
        }

        int failedWrites() {
            return failedWrites.get();
        }

        @Override
        public synchronized void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
            if (full) {
                failedWrites.incrementAndGet();
                throw new IOException("No space left on device (simulated)");
            }
            content.write(bytes, offset, length);
        }

        synchronized String text() {
            return new String(content.toByteArray(), StandardCharsets.UTF_8);
        }
    }

    private final Disk disk = new Disk();

    @Override
    public void start() {
        if (getOutputStream() == null) {
            setOutputStream(disk);
        }
        super.start();
    }

    Disk disk() {
        return disk;
    }
}
