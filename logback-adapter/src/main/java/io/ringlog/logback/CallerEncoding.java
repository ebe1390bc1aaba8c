package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import io.ringlog.core.BiSlotWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The children of one {@link RingAsyncAppender} run whose events are encoded on the caller's thread, fixed when it
 * starts: every started {@link OutputStreamAppender} child (file, rolling file and console appenders) that has an
 * encoder and no filter of its own. Their encoders are replaced by {@link CallerEncoder}s until the appender stops.
 * A child with a filter is encoded on the consumer as before (encoding an event its filter then refuses would be
 * wasted on the caller), and so is a child whose encoder another Ringlog appender already stands in for, and one
 * attached after the start.
 *
 * <p>The caller encodes before it claims its slot ({@link #encodeAhead}) and hands the bytes to the pipeline's offer,
 * whose slot writer ({@link #writer}) only stores them: a ring slot claimed and not yet published holds up the
 * consumer at that slot, and with hundreds of request threads on a few cores a caller preempted inside that window is
 * off the CPU for up to a round of the scheduler (tens to hundreds of milliseconds), long enough for the ring to fill
 * behind it. Encoding is most of the caller's work for an event; outside the window, the window is a few stores.
 *
 * <p>With one such child (the usual case) the bytes are the offer's argument itself. With several, they go in an array
 * of the caller's thread (a thread-local, looked up once per event) that the slot copies from and the caller empties
 * after its offer ({@link #release}). A thread-local lookup was measured at about 0.1 µs on a Tomcat request thread,
 * whose crowded map misses its first probe (docs/benchmarks/service-harness.md), so the usual case has none.
 *
 * <p>Thread-safety: immutable once built but for the per-thread arrays of bytes encoded ahead, which only their own
 * thread reads or writes; {@link #encodeAhead}, {@link #release}, the {@link #writer} and {@link #encodeInto} from any
 * caller thread, the encoders being thread-safe (see {@link CallerEncoder}). {@link #install} and {@link #uninstall}
 * on the thread that starts and stops the appender. Logback's re-entry guard keeps a log call made by one of these
 * encoders out of this appender on the same thread, so one thread never encodes two events ahead at once.
 */
final class CallerEncoding {

    /** No child encoded on the caller. */
    static final CallerEncoding NONE = new CallerEncoding(new ArrayList<>(), new ArrayList<>());

    private final OutputStreamAppender<ILoggingEvent>[] children;
    private final CallerEncoder[] encoders;
    /**
     * With several children: what a thread encoded for its next event before claiming a slot, that thread only, the
     * bytes for each child. An {@code Object[]}, a class of the JDK's, so that a thread outliving this appender's class
     * loader (a redeployed application's) keeps none of its classes reachable; emptied after each offer.
     */
    private final ThreadLocal<Object[]> ahead = new ThreadLocal<>();
    /**
     * Stores an event and the bytes encoded ahead for it in a slot: made once per run, so that offering allocates
     * nothing of ours; it tells the slot which run's encoders made the bytes.
     */
    private final BiSlotWriter<EventSlot, ILoggingEvent, Object> writer = (slot, event, encodedAhead) -> slot.write(this, event, encodedAhead);

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

    /**
     * Encodes {@code event} for each child on the caller's thread, before it claims a slot: the {@code byte[]} of the
     * one child (null if its encoder failed: the consumer then encodes), the thread's array of them for several
     * children, null for none. Offer it with {@link #writer}, then {@link #release} it.
     */
    Object encodeAhead(ILoggingEvent event) {
        if (encoders.length == 1) {
            return encoders[0].encodeOnCaller(event);
        }
        if (encoders.length == 0) {
            return null;
        }
        Object[] mine = ahead.get();
        if (mine == null) {
            mine = new Object[encoders.length];
            ahead.set(mine);
        }
        for (int i = 0; i < encoders.length; i++) {
            mine[i] = encoders[i].encodeOnCaller(event);
        }
        return mine;
    }

    /** The slot writer for what {@link #encodeAhead} returned: a constant of this run. */
    BiSlotWriter<EventSlot, ILoggingEvent, Object> writer() {
        return writer;
    }

    /**
     * Stores in a slot's array the bytes that {@link #encodeAhead} of this run made ({@code encodedAhead}), inside the
     * claimed slot; runs on the caller's thread.
     */
    void takeInto(Object encodedAhead, byte[][] encoded) {
        if (encoded.length == 1) {
            encoded[0] = (byte[]) encodedAhead;
            return;
        }
        Object[] mine = (Object[]) encodedAhead;
        for (int i = 0; i < encoded.length; i++) {
            encoded[i] = (byte[]) mine[i];
        }
    }

    /** After the offer of what {@link #encodeAhead} returned, whatever its outcome: the thread retains none of it. */
    void release(Object encodedAhead) {
        if (encodedAhead instanceof Object[]) {
            Arrays.fill((Object[]) encodedAhead, null);
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
