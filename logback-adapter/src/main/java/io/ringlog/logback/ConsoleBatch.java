package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.spi.ContextAware;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Gathers the bytes of one console child ({@code ConsoleAppender}) over a batch, so that the child writes them to the
 * console once per batch instead of once per event. Consumer thread only.
 *
 * <p>Why: Logback's {@code ConsoleAppender} writes through {@code System.out} (or {@code System.err}), a
 * {@code PrintStream} that flushes after every write whatever the appender's {@code immediateFlush}: one system call per
 * event, which the stock appender's caller or Ringlog's single consumer thread pays for every line. With Spring Boot's
 * default logging every line goes to the console and to the file, and on a saturated machine that call per line was most
 * of what the consumer did per event. Gathered, a batch of lines costs one call.
 *
 * <p>How: the child's stand-in encoder ({@link CallerEncoder}) asks {@link #take} for the bytes to write for each event
 * the child encodes: while the batch goes on they are kept here and the child is given none (Logback's
 * {@code OutputStreamAppender} writes nothing for an empty array); for the batch's last event, or once
 * {@value #MAX_HELD_BYTES} bytes are kept, the child is given everything kept and that event's bytes, in order, and
 * writes them in one call, under its own lock, through {@code System.out} as read at that moment (so that a redirected
 * {@code System.out}, such as a test's output capture, still sees every line). If the child does not encode the batch's
 * last event (its own filter refused it), or the delivery ends otherwise, {@link #writeKept} writes what is kept
 * straight to the child's stream, which for a console is {@code System.out}'s synchronized {@code PrintStream}.
 */
final class ConsoleBatch {

    /** The most bytes kept before they are written: a bounded buffer, and a bounded delay on a long batch. */
    static final int MAX_HELD_BYTES = 64 * 1024;
    private static final byte[] NOTHING = new byte[0];

    private final OutputStreamAppender<ILoggingEvent> target;
    private final ContextAware status;
    private byte[] kept = NOTHING;
    private int length;
    private int events;

    ConsoleBatch(OutputStreamAppender<ILoggingEvent> target, ContextAware status) {
        this.target = target;
        this.status = status;
    }

    /**
     * The bytes the child writes for an event it encoded into {@code bytes}: none while the batch goes on (they are
     * kept), or at its end, or once the kept bytes would pass {@value #MAX_HELD_BYTES}, everything kept followed by
     * {@code bytes}.
     */
    byte[] take(byte[] bytes, boolean endOfBatch) {
        if (bytes == null || bytes.length == 0) {
            return endOfBatch ? release(NOTHING) : NOTHING;
        }
        if (!endOfBatch && length + bytes.length <= MAX_HELD_BYTES) {
            keep(bytes);
            return NOTHING;
        }
        return release(bytes);
    }

    /** Whether bytes are kept, waiting for the batch's end. */
    boolean holdsBytes() {
        return length > 0;
    }

    /**
     * Writes what is kept straight to the child's stream and flushes it: the batch ended with an event the child did
     * not encode, or the delivery ended. A child that has stopped meanwhile loses them; that is reported.
     */
    void writeKept(String when) {
        if (length == 0) {
            return;
        }
        OutputStream out = target.getOutputStream();
        int lostEvents = events;
        byte[] bytes = kept;
        int count = length;
        length = 0;
        events = 0;
        if (out == null || !target.isStarted()) {
            status.addWarn("Console appender [" + target.getName() + "] stopped with " + lostEvents + " event(s) of the current "
                    + "batch not yet written " + when + "; they are lost");
            return;
        }
        try {
            out.write(bytes, 0, count);
            out.flush();
        } catch (IOException e) {
            status.addWarn("Could not write " + lostEvents + " event(s) to console appender [" + target.getName() + "] " + when, e);
        }
    }

    private void keep(byte[] bytes) {
        if (length + bytes.length > kept.length) {
            kept = Arrays.copyOf(kept, Math.min(MAX_HELD_BYTES, Math.max(length + bytes.length, Math.max(4096, kept.length * 2))));
        }
        System.arraycopy(bytes, 0, kept, length, bytes.length);
        length += bytes.length;
        events++;
    }

    private byte[] release(byte[] last) {
        if (length == 0) {
            return last;
        }
        byte[] all = Arrays.copyOf(kept, length + last.length);
        System.arraycopy(last, 0, all, length, last.length);
        length = 0;
        events = 0;
        return all;
    }
}
