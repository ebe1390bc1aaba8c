package io.ringlog.log4j2;

import io.ringlog.core.CallerContext;
import io.ringlog.core.SlotWriter;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.util.Arrays;
import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.async.InternalAsyncUtil;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.core.impl.MementoMessage;
import org.apache.logging.log4j.core.impl.ThrowableProxy;
import org.apache.logging.log4j.core.time.Instant;
import org.apache.logging.log4j.core.time.MutableInstant;
import org.apache.logging.log4j.core.util.Constants;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ParameterConsumer;
import org.apache.logging.log4j.message.ParameterVisitable;
import org.apache.logging.log4j.message.ReusableMessage;
import org.apache.logging.log4j.message.SimpleMessage;
import org.apache.logging.log4j.util.ReadOnlyStringMap;
import org.apache.logging.log4j.util.StringBuilders;

/**
 * One pre-allocated ring slot, and the {@link LogEvent} the targets receive: the caller copies its event into it
 * without allocating in the steady state, and it behaves towards layouts, filters and appenders as Log4j2's own
 * {@code MutableLogEvent} does in its Async Loggers' ring (its message is itself when the caller's message was
 * reusable; {@link #toImmutable()} makes a full copy).
 *
 * <p>The copy is made on the caller's thread while it owns the slot, because Log4j2 recycles the caller's event and
 * message as soon as {@code append} returns. A reusable message (Log4j2's default for parameterised messages) is
 * formatted into the slot's own text buffer and its parameters are copied, leaving the caller's message intact for
 * the appenders that see it after RingAsync. Other messages are kept by reference after being frozen
 * ({@code getFormattedMessage()}, as Async Loggers do). The context data is copied ({@link SlotContextData}), values
 * that are not strings by reference (OpenTelemetry's context-data injector puts its whole context there); the
 * thread's name, id and priority, and the location if asked for, are read on the caller's thread, and so is the
 * caller's OpenTelemetry context, if there is one ({@link CallerContext}), which the consumer makes current around the
 * event's delivery.
 *
 * <p>Layout: the references an event stores (logger, level, thread name, message or format, parameters, ...) live in
 * a block of {@value #REFERENCES} entries of an array shared with the neighbouring slots ({@link SlotBlocks} says why);
 * the primitives, the time and the text buffer are this object's own. A message with more than
 * {@value #INLINE_PARAMETERS} parameters puts the rest in the slot's own array, grown as needed and kept up to
 * {@value #MAX_KEPT_PARAMETERS} entries.
 *
 * <p>Thread-safety: written by the caller that claimed the slot, read and then cleared by the consumer; the ring's
 * publication orders the write before the read, and the consumer's release of the slot orders the clear before the
 * next caller's write. {@link #clear()} drops every reference and trims the text buffer, so a delivered event is not
 * retained.
 */
final class LogEventSlot implements LogEvent, ReusableMessage, ParameterVisitable {
    private static final long serialVersionUID = 1L;

    /** Copies without the caller's location. */
    static final SlotWriter<LogEventSlot, LogEvent> COPY = (slot, event) -> slot.copyFrom(event, false);
    /** Copies with the caller's location, computed on the caller's thread if it was not yet. */
    static final SlotWriter<LogEventSlot, LogEvent> COPY_WITH_LOCATION = (slot, event) -> slot.copyFrom(event, true);

    // The slot's block in the shared array: one index per reference field, then the first parameters.
    private static final int FQCN = 0;
    private static final int LOGGER_NAME = 1;
    private static final int LEVEL = 2;
    private static final int MARKER = 3;
    private static final int THROWN = 4;
    private static final int CONTEXT_STACK = 5;
    private static final int THREAD_NAME = 6;
    /** The format of a reusable message, or the caller's (frozen) message of any other kind. */
    private static final int MESSAGE_OR_FORMAT = 7;
    private static final int SOURCE = 8;
    private static final int PARAMETERS = 9;
    /** References per slot in the shared block (64 bytes with compressed references). */
    static final int REFERENCES = 16;
    /** Parameters held in the shared block. */
    static final int INLINE_PARAMETERS = REFERENCES - PARAMETERS;
    /** The largest array of further parameters a slot keeps between events; a larger one is dropped when cleared. */
    static final int MAX_KEPT_PARAMETERS = 32;

    private static final Message EMPTY = new SimpleMessage("");
    private static final ParameterConsumer<LogEventSlot> INTO_SLOT = (parameter, index, slot) -> slot.setParameter(index, parameter);

    private final transient Object[] block;
    private final transient int base;
    private final transient SlotContextData contextData;
    /**
     * From {@code encodedBase}, one entry per target encoded on the callers ({@link CallerLayouts}): the bytes for this
     * event, or null (the consumer encodes); in an array shared with the neighbouring slots, as {@link #block} is.
     */
    private final transient Object[] encoded;
    private final transient int encodedBase;
    private final transient int encodedCount;
    private final MutableInstant instant = new MutableInstant();
    private transient StringBuilder text;
    private transient Object[] moreParameters;
    /** The caller's context from {@link CallerContext#capture()}: null without OpenTelemetry or outside any span. */
    private transient Object callerContext;
    private long threadId;
    private int threadPriority;
    private long nanoTime;
    private short parameterCount;
    private boolean reusable;
    private boolean includeLocation;
    private boolean endOfBatch;

    LogEventSlot(Object[] block, int base, SlotContextData contextData, Object[] encoded, int encodedBase, int encodedCount) {
        this.block = block;
        this.base = base;
        this.contextData = contextData;
        this.encoded = encoded;
        this.encodedBase = encodedBase;
        this.encodedCount = encodedCount;
    }

    static SlotWriter<LogEventSlot, LogEvent> writer(boolean includeLocation) {
        return includeLocation ? COPY_WITH_LOCATION : COPY;
    }

    /**
     * An immutable copy that the caller owns, for the rare deliveries on the caller's thread (allocates; the ring
     * path uses {@link #copyFrom} instead).
     */
    static LogEvent copy(LogEvent event, boolean includeLocation) {
        return Log4jLogEvent.createMemento(event, includeLocation);
    }

    /**
     * What a copy needs that may be done before a slot is claimed, on the caller's thread: formats a message that is
     * not reusable (Log4j2's default in web applications; a {@code ParameterizedMessage} caches its text), as Async
     * Loggers do before they claim their slot, and computes the caller's location if asked for (the event caches it).
     * Done inside the claimed slot instead, it held up the consumer, and every caller behind it, for as long as a
     * parameter's {@code toString()} took or the caller was off the CPU meanwhile. A reusable message is formatted
     * into the slot by {@link #copyFrom}: Log4j2's reusable events have already formatted it, so that is a copy.
     */
    static void prepare(LogEvent event, boolean withLocation) {
        Message message = event.getMessage();
        if (!(message instanceof ReusableMessage)) {
            InternalAsyncUtil.makeMessageImmutable(message);
        }
        if (withLocation) {
            event.getSource();
        }
    }

    /**
     * Fills this (cleared) slot from the caller's event, {@linkplain #prepare prepared} first, and with the bytes
     * {@code layouts} encoded for it ahead of the claim ({@code encodedAhead}); the caller's thread, while it owns the slot.
     */
    void copyFrom(LogEvent source, boolean withLocation, CallerLayouts layouts, Object encodedAhead) {
        copyFrom(source, withLocation);
        layouts.takeInto(encodedAhead, encoded, encodedBase);
    }

    /**
     * Fills this (cleared) slot from the caller's event, {@linkplain #prepare prepared} first; the caller's thread,
     * while it owns the slot.
     */
    void copyFrom(LogEvent source, boolean withLocation) {
        Object[] fields = block;
        int at = base;
        fields[at + FQCN] = source.getLoggerFqcn();
        fields[at + LOGGER_NAME] = source.getLoggerName();
        fields[at + LEVEL] = source.getLevel();
        fields[at + MARKER] = source.getMarker();
        fields[at + THROWN] = source.getThrown();
        fields[at + CONTEXT_STACK] = source.getContextStack();
        fields[at + THREAD_NAME] = source.getThreadName();
        fields[at + SOURCE] = withLocation ? source.getSource() : null;
        instant.initFrom(source.getInstant());
        nanoTime = source.getNanoTime();
        threadId = source.getThreadId();
        threadPriority = source.getThreadPriority();
        includeLocation = withLocation;
        endOfBatch = false;
        contextData.copyFrom(source.getContextData());
        callerContext = CallerContext.ON_CLASS_PATH.capture();
        Message message = source.getMessage();
        if (message instanceof ReusableMessage) {
            copyReusable((ReusableMessage) message);
        } else {
            reusable = false;
            fields[at + MESSAGE_OR_FORMAT] = message; // frozen by prepare()
        }
    }

    @SuppressWarnings("deprecation") // Message.getFormat: still what MutableLogEvent keeps
    private void copyReusable(ReusableMessage message) {
        reusable = true;
        StringBuilder buffer = text;
        if (buffer == null) {
            buffer = new StringBuilder(Constants.INITIAL_REUSABLE_MESSAGE_SIZE);
            text = buffer;
        }
        buffer.setLength(0);
        message.formatTo(buffer);
        block[base + MESSAGE_OR_FORMAT] = message.getFormat();
        int count = message.getParameterCount();
        int spilled = count - INLINE_PARAMETERS;
        if (spilled > 0 && (moreParameters == null || moreParameters.length < spilled)) {
            moreParameters = new Object[spilled];
        }
        parameterCount = (short) count;
        if (message instanceof ParameterVisitable) {
            ((ParameterVisitable) message).forEachParameter(INTO_SLOT, this);
        } else {
            Object[] parameters = message.getParameters();
            int copied = parameters == null ? 0 : Math.min(count, parameters.length);
            for (int i = 0; i < copied; i++) {
                setParameter(i, parameters[i]);
            }
        }
    }

    private void setParameter(int index, Object parameter) {
        if (index < INLINE_PARAMETERS) {
            block[base + PARAMETERS + index] = parameter;
        } else if (index < parameterCount) {
            moreParameters[index - INLINE_PARAMETERS] = parameter;
        }
    }

    private Object parameter(int index) {
        return index < INLINE_PARAMETERS ? block[base + PARAMETERS + index] : moreParameters[index - INLINE_PARAMETERS];
    }

    /**
     * Drops every reference the event holds and trims an oversized text buffer and parameter array (an event with many
     * parameters once must not leave every slot it passed through holding a large array for the rest of the run); the
     * consumer, after delivery.
     */
    void clear() {
        Arrays.fill(block, base, base + REFERENCES, null);
        if (parameterCount > INLINE_PARAMETERS) {
            if (moreParameters.length > MAX_KEPT_PARAMETERS) {
                moreParameters = null;
            } else {
                Arrays.fill(moreParameters, 0, parameterCount - INLINE_PARAMETERS, null);
            }
        }
        parameterCount = 0;
        Arrays.fill(encoded, encodedBase, encodedBase + encodedCount, null);
        contextData.clear();
        callerContext = null;
        StringBuilders.trimToMaxSize(text, Constants.MAX_REUSABLE_MESSAGE_SIZE);
    }

    /** The bytes the callers encoded for encoded target {@code index} ({@link CallerLayouts}), or null; read by the consumer. */
    byte[] encoded(int index) {
        return (byte[]) encoded[encodedBase + index];
    }

    /** The caller's context, to be made current around the event's delivery; read by the consumer. */
    Object callerContext() {
        return callerContext;
    }

    /** How many further parameters the slot's own array holds now (0: none kept); for tests. */
    int keptParameterCapacity() {
        return moreParameters == null ? 0 : moreParameters.length;
    }

    /** How many spilled context entries the slot's own array holds now (0: none kept); for tests. */
    int keptContextCapacity() {
        return contextData.keptCapacity();
    }

    // LogEvent

    /**
     * A full, independent copy (message, context data, location if included), as {@code MutableLogEvent} gives. The
     * builder copies the context data (not a {@code StringMap}); the message is set explicitly because the builders of
     * Log4j2 before 2.24 keep {@code getMessage()} as it is, which here is this slot.
     */
    @Override
    public LogEvent toImmutable() {
        Log4jLogEvent.Builder copy = new Log4jLogEvent.Builder(this);
        if (reusable) {
            copy.setMessage(memento());
        }
        return copy.build();
    }

    @Override
    @SuppressWarnings("deprecation") // still part of LogEvent
    public Map<String, String> getContextMap() {
        return contextData.toMap();
    }

    @Override
    public ReadOnlyStringMap getContextData() {
        return contextData;
    }

    @Override
    public ThreadContext.ContextStack getContextStack() {
        return (ThreadContext.ContextStack) block[base + CONTEXT_STACK];
    }

    @Override
    public String getLoggerFqcn() {
        return (String) block[base + FQCN];
    }

    /** The event's level; {@code OFF} if it had none, as {@code MutableLogEvent} answers. */
    @Override
    public Level getLevel() {
        Level level = (Level) block[base + LEVEL];
        return level == null ? Level.OFF : level;
    }

    @Override
    public String getLoggerName() {
        return (String) block[base + LOGGER_NAME];
    }

    @Override
    public Marker getMarker() {
        return (Marker) block[base + MARKER];
    }

    /** This slot when the caller's message was reusable (its text was copied), else the caller's frozen message. */
    @Override
    public Message getMessage() {
        if (reusable) {
            return this;
        }
        Message message = (Message) block[base + MESSAGE_OR_FORMAT];
        return message == null ? EMPTY : message;
    }

    @Override
    public long getTimeMillis() {
        return instant.getEpochMillisecond();
    }

    @Override
    public Instant getInstant() {
        return instant;
    }

    /** The location read on the caller's thread, or null: it cannot be computed on the consumer's. */
    @Override
    public StackTraceElement getSource() {
        return (StackTraceElement) block[base + SOURCE];
    }

    @Override
    public String getThreadName() {
        return (String) block[base + THREAD_NAME];
    }

    @Override
    public long getThreadId() {
        return threadId;
    }

    @Override
    public int getThreadPriority() {
        return threadPriority;
    }

    @Override
    public Throwable getThrown() {
        return (Throwable) block[base + THROWN];
    }

    @Override
    @SuppressWarnings("deprecation") // still part of LogEvent, read by Log4j2's own layouts and mementos
    public ThrowableProxy getThrownProxy() {
        Throwable thrown = getThrown();
        return thrown == null ? null : new ThrowableProxy(thrown);
    }

    @Override
    public boolean isEndOfBatch() {
        return endOfBatch;
    }

    @Override
    public void setEndOfBatch(boolean endOfBatch) {
        this.endOfBatch = endOfBatch;
    }

    @Override
    public boolean isIncludeLocation() {
        return includeLocation;
    }

    @Override
    public void setIncludeLocation(boolean includeLocation) {
        this.includeLocation = includeLocation;
    }

    @Override
    public long getNanoTime() {
        return nanoTime;
    }

    // ReusableMessage and ParameterVisitable: the copied message, when it was reusable

    @Override
    public String getFormattedMessage() {
        return text.toString();
    }

    @Override
    public void formatTo(StringBuilder buffer) {
        buffer.append(text);
    }

    @Override
    @SuppressWarnings("deprecation") // still part of Message, and Log4j2's mementos read it
    public String getFormat() {
        return reusable ? (String) block[base + MESSAGE_OR_FORMAT] : null;
    }

    /** A copy of the parameters (allocates, as {@code MutableLogEvent}'s does). */
    @Override
    public Object[] getParameters() {
        return copyParametersInto(new Object[parameterCount]);
    }

    @Override
    public short getParameterCount() {
        return parameterCount;
    }

    @Override
    public <S> void forEachParameter(ParameterConsumer<S> action, S state) {
        for (short i = 0; i < parameterCount; i++) {
            action.accept(parameter(i), i, state);
        }
    }

    /**
     * Gives the parameters to a reader that copies this message into a reusable event of its own. Unlike a
     * {@code MutableLogEvent}, the slot keeps its parameters (other targets may still read them): they are copied
     * into {@code emptyReplacement} when it is large enough, else into a new array, which is returned.
     */
    @Override
    public Object[] swapParameters(Object[] emptyReplacement) {
        boolean fits = emptyReplacement != null && emptyReplacement.length >= parameterCount;
        return copyParametersInto(fits ? emptyReplacement : new Object[parameterCount]);
    }

    private Object[] copyParametersInto(Object[] target) {
        for (int i = 0; i < parameterCount; i++) {
            target[i] = parameter(i);
        }
        return target;
    }

    @Override
    public Throwable getThrowable() {
        return getThrown();
    }

    @Override
    public Message memento() {
        return new MementoMessage(getFormattedMessage(), getFormat(), getParameters());
    }

    @Override
    public String toString() {
        return "LogEventSlot[" + getLoggerName() + ", " + getLevel() + ", " + (reusable ? text : getMessage()) + "]";
    }

    /** Serialized as Log4j2 serializes any event: an immutable proxy. */
    private Object writeReplace() {
        return Log4jLogEvent.serialize(this, includeLocation);
    }

    private void readObject(ObjectInputStream stream) throws InvalidObjectException {
        throw new InvalidObjectException("a LogEventSlot is serialized as a Log4j2 event proxy");
    }
}
