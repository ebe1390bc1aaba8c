package io.ringlog.log4j2;

import org.apache.logging.log4j.core.impl.MementoMessage;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ParameterConsumer;
import org.apache.logging.log4j.message.ParameterVisitable;
import org.apache.logging.log4j.message.ReusableMessage;

/**
 * A caller's reusable message as the layouts of the {@link EncodedTarget}s see it: the text formatted once on the
 * caller's thread, with the format and parameters of the message it came from. It is what a ring slot's message is
 * when the consumer hands the slot to a target ({@link LogEventSlot}): text, not the caller's message, so the layout
 * writes the same, and the message is formatted once for the layouts and the slot together (a parameter's
 * {@code toString()} runs once, as it does behind RingAsync on the consumer's path).
 *
 * <p>Thread-safety: confined to the caller's thread that owns its {@link CallerEncoding}, and valid only during that
 * caller's {@code append}, while the caller's message is intact.
 */
final class FormattedMessageView implements ReusableMessage, ParameterVisitable {
    private static final long serialVersionUID = 1L;

    private transient ReusableMessage message;
    private transient StringBuilder text;

    /** Shows {@code formatted} (the formatted {@code source}) until {@link #clear()}. */
    void set(ReusableMessage source, StringBuilder formatted) {
        this.message = source;
        this.text = formatted;
    }

    void clear() {
        message = null;
        text = null;
    }

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
        return message.getFormat();
    }

    /** The parameters, in an array the caller may keep (the caller's message still owns its own). */
    @Override
    public Object[] getParameters() {
        return swapParameters(null);
    }

    @Override
    public short getParameterCount() {
        return message.getParameterCount();
    }

    @Override
    public <S> void forEachParameter(ParameterConsumer<S> action, S state) {
        if (message instanceof ParameterVisitable) {
            ((ParameterVisitable) message).forEachParameter(action, state);
        } else {
            Object[] parameters = message.getParameters();
            int count = parameters == null ? 0 : Math.min(message.getParameterCount(), parameters.length);
            for (short i = 0; i < count; i++) {
                action.accept(parameters[i], i, state);
            }
        }
    }

    /**
     * Copies the parameters into {@code emptyReplacement} if it is large enough, else into a new array, and returns
     * it; unlike a reusable message's own {@code swapParameters}, it leaves the caller's message as it is.
     */
    @Override
    public Object[] swapParameters(Object[] emptyReplacement) {
        int count = message.getParameterCount();
        Object[] copy = emptyReplacement != null && emptyReplacement.length >= count ? emptyReplacement : new Object[count];
        forEachParameter((parameter, index, target) -> {
            if (index < target.length) {
                target[index] = parameter;
            }
        }, copy);
        return copy;
    }

    @Override
    public Throwable getThrowable() {
        return message.getThrowable();
    }

    @Override
    public Message memento() {
        return new MementoMessage(getFormattedMessage(), getFormat(), getParameters());
    }

    @Override
    public String toString() {
        return String.valueOf(text);
    }
}
