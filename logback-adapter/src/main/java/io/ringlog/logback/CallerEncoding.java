package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import java.util.ArrayList;
import java.util.List;

/**
 * The children of one {@link RingAsyncAppender} run whose events are encoded on the caller's thread, fixed when it
 * starts: every started {@link OutputStreamAppender} child (file, rolling file and console appenders) that has an
 * encoder and no filter of its own. Their encoders are replaced by {@link CallerEncoder}s until the appender stops.
 * A child with a filter is encoded on the consumer as before (encoding an event its filter then refuses would be
 * wasted on the caller), and so is a child whose encoder another Ringlog appender already stands in for, and one
 * attached after the start.
 *
 * <p>Thread-safety: immutable once built; {@link #encodeInto} from any caller thread, the encoders being thread-safe
 * (see {@link CallerEncoder}). {@link #install} and {@link #uninstall} on the thread that starts and stops the appender.
 */
final class CallerEncoding {

    /** No child encoded on the caller. */
    static final CallerEncoding NONE = new CallerEncoding(new ArrayList<>(), new ArrayList<>());

    private final OutputStreamAppender<ILoggingEvent>[] children;
    private final CallerEncoder[] encoders;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private CallerEncoding(List<OutputStreamAppender<ILoggingEvent>> children, List<CallerEncoder> encoders) {
        this.children = children.toArray(new OutputStreamAppender[0]);
        this.encoders = encoders.toArray(new CallerEncoder[0]);
    }

    /** Stands a {@link CallerEncoder} in for the encoder of every eligible child (see the class notes). */
    static CallerEncoding install(Appender<ILoggingEvent>[] snapshot) {
        List<OutputStreamAppender<ILoggingEvent>> children = new ArrayList<>();
        List<CallerEncoder> encoders = new ArrayList<>();
        for (Appender<ILoggingEvent> child : snapshot) {
            if (!(child instanceof OutputStreamAppender) || !child.isStarted() || !child.getCopyOfAttachedFiltersList().isEmpty()) {
                continue;
            }
            OutputStreamAppender<ILoggingEvent> stream = (OutputStreamAppender<ILoggingEvent>) child;
            Encoder<ILoggingEvent> own = stream.getEncoder();
            if (own == null || own instanceof CallerEncoder) {
                continue;
            }
            CallerEncoder standIn = new CallerEncoder(own);
            stream.setEncoder(standIn);
            children.add(stream);
            encoders.add(standIn);
        }
        return children.isEmpty() ? NONE : new CallerEncoding(children, encoders);
    }

    /** Gives each child its own encoder back, unless something else replaced ours meanwhile. */
    void uninstall() {
        for (int i = 0; i < children.length; i++) {
            if (children[i].getEncoder() == encoders[i]) {
                children[i].setEncoder(encoders[i].own());
            }
        }
    }

    /** How many children are encoded on the caller: the size of each slot's array of encoded events. */
    int size() {
        return children.length;
    }

    /** Encodes {@code event} for each child, on the caller's thread; a null entry: the consumer encodes it. */
    void encodeInto(ILoggingEvent event, byte[][] encoded) {
        for (int i = 0; i < encoders.length; i++) {
            encoded[i] = encoders[i].encodeOnCaller(event);
        }
    }

    /** The index of {@code child} in the slots' arrays, or -1 if its events are encoded on the consumer. */
    int indexOf(Appender<ILoggingEvent> child) {
        for (int i = 0; i < children.length; i++) {
            if (children[i] == child) {
                return i;
            }
        }
        return -1;
    }

    /** The stand-in encoder at {@code index}. */
    CallerEncoder encoder(int index) {
        return encoders[index];
    }
}
