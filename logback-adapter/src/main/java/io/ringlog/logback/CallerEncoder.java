package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.status.Status;

/**
 * Stands in for a stream child's own encoder while a {@link RingAsyncAppender} runs, so that the child writes the bytes
 * its encoder produced on the caller's thread instead of encoding the event again on the consumer thread. Every other
 * call, and {@link #encode} of any event it was not handed bytes for (the child attached to a logger directly as
 * well, a child that passes another event object on), goes to the child's own encoder unchanged.
 *
 * <p>Why: the encoder (the layout: dates, padding, the message, MDC, the stack trace) is most of what a file or
 * console appender costs per event. Synchronous logging runs it on every core at once, and Logback's
 * {@code OutputStreamAppender} calls it outside its lock (Logback 1.3 and newer), so the common encoders are written to be
 * called from many threads. Run on the
 * callers, it stays spread over every core, and the one consumer thread is left the serial part: the rollover check,
 * the write into the stream's buffer and the flush at the end of each batch. On a saturated machine, where hundreds of
 * request threads share the cores with the consumer, that keeps the consumer from becoming the bottleneck.
 *
 * <p>Why only where it is known to be right (see {@link CallerEncoding}): behind the stock {@code AsyncAppender} the
 * encoder runs on one thread, and an encoder written for that (one reused buffer, a plain counter, a
 * {@code SimpleDateFormat}) writes torn and lost events when called from many threads at once.
 *
 * <p>Thread-safety: {@link #encode} from any thread. The bytes handed over ({@link Handover}) are thread-confined:
 * a {@link ThreadLocal} that the consumer thread of the appender that installed this encoder sets, and a caller thread
 * delivering its own event after the drain sets and removes around that delivery; {@link #encode} takes them only on
 * the thread that set them and only for the very event they were made for.
 */
final class CallerEncoder implements Encoder<ILoggingEvent> {

    /**
     * Bytes encoded on the caller, waiting for the child's {@code encode} call on the consumer thread; for a console
     * child, also the batch its bytes are gathered in ({@link ConsoleBatch}).
     */
    static final class Handover {
        private ILoggingEvent event;
        private byte[] bytes;
        private ConsoleBatch batch;
        private boolean endOfBatch;

        /** Offers {@code bytes} for the next {@code encode(event)} on this thread. */
        void offer(ILoggingEvent event, byte[] bytes) {
            this.event = event;
            this.bytes = bytes;
        }

        /**
         * Offers {@code bytes} (null: the child's own encoder makes them, on this thread) for the next
         * {@code encode(event)} on this thread, to be gathered in {@code batch} until its end.
         */
        void offer(ILoggingEvent event, byte[] bytes, ConsoleBatch batch, boolean endOfBatch) {
            this.event = event;
            this.bytes = bytes;
            this.batch = batch;
            this.endOfBatch = endOfBatch;
        }

        /** Withdraws what the child did not take (its filter refused the event, or it had stopped). */
        void clear() {
            event = null;
            bytes = null;
            batch = null;
        }
    }

    private final Encoder<ILoggingEvent> own;
    /** Set on the consumer thread only; any other thread finds null here and encodes as usual. */
    private final ThreadLocal<Handover> handovers = new ThreadLocal<>();

    CallerEncoder(Encoder<ILoggingEvent> own) {
        this.own = own;
    }

    /** The child's own encoder, restored when the appender stops. */
    Encoder<ILoggingEvent> own() {
        return own;
    }

    /** Encodes on the caller's thread with the child's own encoder; null if it failed (the consumer then encodes). */
    byte[] encodeOnCaller(ILoggingEvent event) {
        try {
            return own.encode(event);
        } catch (RuntimeException failed) {
            return null; // encoded again on the consumer, where the child reports the failure as it always would
        }
    }

    /** The hand-over for the current thread, created on first use. */
    Handover handoverForThisThread() {
        Handover handover = handovers.get();
        if (handover == null) {
            handover = new Handover();
            handovers.set(handover);
        }
        return handover;
    }

    /**
     * Removes the current thread's hand-over, so that a caller thread that delivered its own event after the drain keeps
     * no object of ours (a thread outliving this appender's class loader would keep it reachable).
     */
    void removeHandoverOfThisThread() {
        handovers.remove();
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        Handover handover = handovers.get();
        if (handover != null && handover.event == event && (handover.bytes != null || handover.batch != null)) {
            byte[] bytes = handover.bytes != null ? handover.bytes : own.encode(event);
            ConsoleBatch batch = handover.batch;
            boolean endOfBatch = handover.endOfBatch;
            handover.clear();
            return batch == null ? bytes : batch.take(bytes, endOfBatch);
        }
        return own.encode(event);
    }

    @Override
    public byte[] headerBytes() {
        return own.headerBytes();
    }

    @Override
    public byte[] footerBytes() {
        return own.footerBytes();
    }

    @Override
    public void setContext(Context context) {
        own.setContext(context);
    }

    @Override
    public Context getContext() {
        return own.getContext();
    }

    @Override
    public void addStatus(Status status) {
        own.addStatus(status);
    }

    @Override
    public void addInfo(String msg) {
        own.addInfo(msg);
    }

    @Override
    public void addInfo(String msg, Throwable ex) {
        own.addInfo(msg, ex);
    }

    @Override
    public void addWarn(String msg) {
        own.addWarn(msg);
    }

    @Override
    public void addWarn(String msg, Throwable ex) {
        own.addWarn(msg, ex);
    }

    @Override
    public void addError(String msg) {
        own.addError(msg);
    }

    @Override
    public void addError(String msg, Throwable ex) {
        own.addError(msg, ex);
    }

    @Override
    public void start() {
        own.start();
    }

    @Override
    public void stop() {
        own.stop();
    }

    @Override
    public boolean isStarted() {
        return own.isStarted();
    }

    @Override
    public String toString() {
        return own.toString();
    }
}
