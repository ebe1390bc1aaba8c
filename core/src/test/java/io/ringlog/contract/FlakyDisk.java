package io.ringlog.contract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-memory "disk" for the adapters' disk-full tests: while it is full, every write fails with an
 * {@link IOException}, as a full disk would, and is counted. Thread-safe.
 */
public final class FlakyDisk extends OutputStream {
    private final ByteArrayOutputStream content = new ByteArrayOutputStream();
    private final AtomicInteger failedWrites = new AtomicInteger();
    private volatile boolean full;

    /** Fills the disk (every write fails from now on) or frees it. */
    public void setFull(boolean full) {
        this.full = full;
    }

    /** The writes that failed so far. */
    public int failedWrites() {
        return failedWrites.get();
    }

    @Override
    public void write(int b) throws IOException {
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

    /** What was written, as UTF-8. */
    public synchronized String text() {
        return new String(content.toByteArray(), StandardCharsets.UTF_8);
    }
}
