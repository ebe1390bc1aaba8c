package io.ringlog.log4j2;

import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.ParameterConsumer;
import org.apache.logging.log4j.message.ParameterVisitable;
import org.apache.logging.log4j.message.ReusableMessage;

/**
 * A view of the caller's reusable message that {@code MutableLogEvent.setMessage} copies from: it formats the
 * text into the slot's buffer and, where {@code setMessage} would take the caller's parameter array away
 * ({@code swapParameters}), it copies the parameters into the slot's array instead and leaves the caller's message
 * as it was. One per slot, pointed at the caller's message only for the duration of the copy; no allocation
 * unless a message has more parameters than the slot's array holds (ten).
 */
final class ParameterCopy implements ReusableMessage {
    private static final long serialVersionUID = 1L;
    private static final ParameterConsumer<Object[]> INTO_ARRAY = (parameter, index, array) -> {
        if (index < array.length) {
            array[index] = parameter;
        }
    };

    /** The caller's message while a copy is being made; null otherwise. */
    transient ReusableMessage source;

    @Override
    public Object[] swapParameters(Object[] slotArray) {
        int count = source.getParameterCount();
        Object[] target = slotArray.length >= count ? slotArray : new Object[count];
        if (source instanceof ParameterVisitable) {
            ((ParameterVisitable) source).forEachParameter(INTO_ARRAY, target);
        } else {
            Object[] parameters = source.getParameters();
            if (parameters != null) {
                System.arraycopy(parameters, 0, target, 0, Math.min(count, parameters.length));
            }
        }
        return target;
    }

    @Override
    public short getParameterCount() {
        return source.getParameterCount();
    }

    @Override
    public void formatTo(StringBuilder buffer) {
        source.formatTo(buffer);
    }

    @Override
    @SuppressWarnings("deprecation") // still part of Message, and MutableLogEvent.setMessage reads it
    public String getFormat() {
        return source.getFormat();
    }

    @Override
    public String getFormattedMessage() {
        return source.getFormattedMessage();
    }

    @Override
    public Object[] getParameters() {
        return source.getParameters();
    }

    @Override
    public Throwable getThrowable() {
        return source.getThrowable();
    }

    @Override
    public Message memento() {
        return source.memento();
    }
}
