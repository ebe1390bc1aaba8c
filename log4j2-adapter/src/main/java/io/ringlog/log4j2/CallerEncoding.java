package io.ringlog.log4j2;

import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.async.InternalAsyncUtil;
import org.apache.logging.log4j.core.layout.ByteBufferDestination;
import org.apache.logging.log4j.core.util.Constants;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ReusableMessage;
import org.apache.logging.log4j.util.StringBuilders;

/**
 * A caller thread's reusable buffer for the bytes of one event, encoded for each {@link EncodedTarget} before the
 * caller claims a ring slot; the slot then copies them ({@link LogEventSlot#copyEncoded}). It is the
 * {@link ByteBufferDestination} that the targets' layouts encode into, as they encode into a file's manager when
 * logging is synchronous, so the bytes are the ones Log4j2's own code produces. The layouts see the event through an
 * {@link EncodingView}, which shows them what the slot would show them on the consumer; a reusable message is
 * formatted once, here, and the slot copies that text ({@link LogEventSlot#copyFrom(LogEvent, boolean, CharSequence)}).
 *
 * <p>One per thread, reused. It is held through a {@link WeakReference} from a {@code ThreadLocal}, so that the
 * thread's map holds no class of Ringlog's strongly: a web application's class loader stays collectable after its
 * undeployment although the container's threads live on (the same reason Log4j2 keeps only JDK types in the
 * thread-locals it uses there). A collection may clear it while it is idle; the next event then makes a new one, so the
 * steady state allocates nothing. A logging call made while the thread's buffer is in use (a message's
 * {@code toString()} that logs through another logger) gets none and takes the ordinary path.
 *
 * <p>Thread-safety: confined to its thread. A layout may synchronize on it (Log4j2's text encoder does for long
 * text); nobody else ever does, so that lock is never contended.
 */
final class CallerEncoding implements ByteBufferDestination {
    /** Bytes a new buffer holds: a typical line and its neighbours. */
    static final int INITIAL_CAPACITY = 512;
    /** Bytes kept between events: a larger buffer (a stack trace) is replaced by a new small one after use. */
    static final int MAX_RETAINED_CAPACITY = 16 * 1024;
    /** In {@link #length(int)}: the target's AppenderRef level refused the event, so it is not written there. */
    static final int REFUSED = -1;
    /** In {@link #length(int)}: not encoded (not an {@link EncodedTarget}, or its layout threw): the ordinary path. */
    static final int NOT_ENCODED = -2;

    private static final ThreadLocal<WeakReference<CallerEncoding>> CURRENT = new ThreadLocal<>();

    private final EncodingView view = new EncodingView();
    private final FormattedMessageView formatted = new FormattedMessageView();
    private final StringBuilder text = new StringBuilder(Constants.INITIAL_REUSABLE_MESSAGE_SIZE);
    private ByteBuffer buffer = ByteBuffer.allocate(INITIAL_CAPACITY);
    private int[] lengths = new int[4];
    private int targets;
    private LogEvent event;
    private boolean reusable;
    private boolean busy;

    private CallerEncoding() {
    }

    /**
     * The calling thread's buffer, marked busy until {@link #release()}; null if it is already in use further up this
     * thread's stack, or if this thread may not keep thread-locals.
     */
    static CallerEncoding acquire() {
        WeakReference<CallerEncoding> reference = CURRENT.get();
        CallerEncoding encoding = reference == null ? null : reference.get();
        if (encoding == null) {
            encoding = new CallerEncoding();
            try {
                CURRENT.set(new WeakReference<>(encoding));
            } catch (UnsupportedOperationException noThreadLocals) {
                return null; // a thread built without thread-locals
            }
        }
        if (encoding.busy) {
            return null;
        }
        encoding.busy = true;
        return encoding;
    }

    /**
     * Encodes {@code source} for every target of {@code encoders} (null entries are targets on the ordinary path),
     * in order, one after the other in the buffer. The message is formatted first, once: a reusable message into this
     * buffer's text, any other by freezing it as the slot does ({@code getFormattedMessage()}, which most messages
     * keep). A target whose layout throws is left to the ordinary path, where the consumer calls it and Log4j2 handles
     * the failure as it always does; only a {@link VirtualMachineError} reaches the caller, as it would from the copy.
     *
     * @param includeLocation RingAsync's {@code includeLocation}: whether the layouts see the caller's location
     */
    void encode(LogEvent source, EncodedTarget[] encoders, boolean includeLocation) {
        event = source;
        Message message = source.getMessage();
        reusable = message instanceof ReusableMessage;
        if (reusable) {
            text.setLength(0);
            ((ReusableMessage) message).formatTo(text);
            formatted.set((ReusableMessage) message, text);
            view.set(source, formatted, includeLocation);
        } else {
            view.set(source, InternalAsyncUtil.makeMessageImmutable(message), includeLocation);
        }
        int count = encoders.length;
        if (lengths.length < count) {
            lengths = new int[count];
        }
        targets = count;
        buffer.clear();
        for (int i = 0; i < count; i++) {
            EncodedTarget target = encoders[i];
            if (target == null) {
                lengths[i] = NOT_ENCODED;
            } else if (!target.accepts(source)) {
                lengths[i] = REFUSED;
            } else {
                int start = buffer.position();
                try {
                    target.encode(view, this);
                    lengths[i] = buffer.position() - start;
                } catch (VirtualMachineError fatal) {
                    throw fatal;
                } catch (Throwable layoutFailure) {
                    buffer.position(start);
                    lengths[i] = NOT_ENCODED;
                }
            }
        }
    }

    /** The caller's event this buffer was encoded from. */
    LogEvent event() {
        return event;
    }

    /** The caller's reusable message, formatted; null if the message is not reusable (the slot keeps it then). */
    CharSequence formattedMessage() {
        return reusable ? text : null;
    }

    /** How many targets {@link #length(int)} describes. */
    int targets() {
        return targets;
    }

    /** The number of bytes encoded for target {@code index}, or {@link #REFUSED} or {@link #NOT_ENCODED}. */
    int length(int index) {
        return lengths[index];
    }

    /** The encoded bytes, from index 0 to {@link #size()}. */
    byte[] bytes() {
        return buffer.array();
    }

    /** The number of bytes encoded for all targets together. */
    int size() {
        return buffer.position();
    }

    /** Gives the buffer back to its thread, dropping the event and an oversized buffer. */
    void release() {
        event = null;
        view.clear();
        formatted.clear();
        StringBuilders.trimToMaxSize(text, Constants.MAX_REUSABLE_MESSAGE_SIZE);
        if (buffer.capacity() > MAX_RETAINED_CAPACITY) {
            buffer = ByteBuffer.allocate(INITIAL_CAPACITY);
        }
        busy = false;
    }

    // ByteBufferDestination: an in-memory destination that grows instead of writing out.

    @Override
    public ByteBuffer getByteBuffer() {
        return buffer;
    }

    /** Grows the buffer, keeping what it holds, and returns the larger one. */
    @Override
    public ByteBuffer drain(ByteBuffer full) {
        return ensureRemaining(full.capacity() - full.position() + 1);
    }

    @Override
    public void writeBytes(ByteBuffer data) {
        ensureRemaining(data.remaining()).put(data);
    }

    @Override
    public void writeBytes(byte[] data, int offset, int length) {
        ensureRemaining(length).put(data, offset, length);
    }

    private ByteBuffer ensureRemaining(int wanted) {
        ByteBuffer current = buffer;
        if (current.remaining() >= wanted) {
            return current;
        }
        int needed = current.position() + wanted;
        if (needed < 0) {
            throw new OutOfMemoryError("an encoded event of more than 2 GiB");
        }
        int capacity = Math.max(needed, current.capacity() << 1);
        ByteBuffer larger = ByteBuffer.allocate(capacity < 0 ? Integer.MAX_VALUE - 8 : capacity);
        current.flip();
        larger.put(current);
        buffer = larger;
        return larger;
    }
}
