package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.spi.ContextAware;
import io.ringlog.core.BiSlotWriter;
import io.ringlog.core.EncodedAhead;
import io.ringlog.core.SlotWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The children of one {@link RingAsyncAppender} run whose events are encoded on the caller's thread, fixed when it
 * starts; their encoders are replaced by {@link CallerEncoder}s until the appender stops. Which children, by
 * {@code callerEncoding} ({@link CallerEncodingMode}):
 * <ul>
 * <li>{@code AUTO} (the default): a started {@link OutputStreamAppender} child (file, rolling file and console
 * appenders) whose encoder is known to be thread-safe ({@link ThreadSafeEncoders}: behind the stock
 * {@code AsyncAppender} an encoder runs on one thread, and many are written for that), whose class runs Logback's own
 * append path ({@link StockAppendPath}: a subclass that rewrites the event before {@code super.subAppend} must have its
 * rewrite encoded), and whose filters, if any, are decided on the caller ({@link CallerFilter}: Spring Boot puts a
 * {@code ThresholdFilter} on each of its appenders). The others are encoded on the consumer, and the start reports why
 * for each file or console child (INFO).</li>
 * <li>{@code ALWAYS}: every started {@code OutputStreamAppender} child with an encoder; the configuration vouches for
 * its encoder and its append path. Filters that the caller can decide are still decided there.</li>
 * <li>{@code NEVER}: none.</li>
 * </ul>
 * The caller encodes only for a child whose filter, decided on the caller, takes the event; a null entry means the
 * consumer encodes (the child refused it, its filter is decided on the consumer, or its encoder failed on the caller).
 * A child whose encoder another Ringlog appender already stands in for, and one attached after the start, are encoded
 * on the consumer.
 *
 * <p>The caller encodes before it claims its slot ({@link #encodeAhead}) and hands the bytes to the pipeline's offer,
 * whose slot writer ({@link #writer}) only stores them: a ring slot claimed and not yet published holds up the
 * consumer at that slot, and with hundreds of request threads on a few cores a caller preempted inside that window is
 * off the CPU for up to a round of the scheduler (tens to hundreds of milliseconds), long enough for the ring to fill
 * behind it. Encoding is most of the caller's work for an event; outside the window, the window is a few stores.
 *
 * <p>Children that share one encoder object (Spring Boot's structured logging through the starter, which gives the file
 * the console's encoder when both have the same format and charset) are encoded once per event: the later child takes
 * the earlier one's bytes when its own filter takes the event too. The same bytes are what the encoder would have made
 * twice; the children only read them.
 *
 * <p>With one such child (the usual case) the bytes are the offer's argument itself. With several, they go in an array
 * of the caller's thread (a thread-local, looked up once per event) that the slot copies from and the caller empties
 * after its offer ({@link #release}). A thread-local lookup was measured at about 0.1 µs on a Tomcat request thread,
 * whose crowded map misses its first probe (docs/benchmarks/service-harness.md), so the usual case has none.
 *
 * <p>Thread-safety: immutable once built but for the per-thread arrays of bytes encoded ahead, which only their own
 * thread reads or writes; {@link #encodeAhead}, {@link #release} and the {@link #writer} from any
 * caller thread, the encoders being thread-safe (see {@link CallerEncoder}). {@link #install} and {@link #uninstall}
 * on the thread that starts and stops the appender. A log call made by one of these encoders on the caller's thread
 * (a converter that logs) comes back into this appender on the same thread while the thread's array is in use: Logback
 * 1.5.34 and newer no longer guard an appender against that re-entry, so the array carries an in-use mark and the
 * nested call encodes into an array of its own.
 */
final class CallerEncoding implements EncodedAhead.Targets<ILoggingEvent> {

    /** No child encoded on the caller. */
    static final CallerEncoding NONE = new CallerEncoding(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());

    private final OutputStreamAppender<ILoggingEvent>[] children;
    private final CallerEncoder[] encoders;
    /** Per child: its filter decided on the caller, or null for one decided on the consumer only (always). */
    private final CallerFilter[] filters;
    /** What a caller encodes for an event before it claims a slot (the per-thread arrays, the shared encoders). */
    private final EncodedAhead<ILoggingEvent> ahead;
    /**
     * Stores an event and the bytes encoded ahead for it in a slot: made once per run, so that offering allocates
     * nothing of ours; it tells the slot which run's encoders made the bytes.
     */
    private final BiSlotWriter<EventSlot, ILoggingEvent, Object> writer = (slot, event, encodedAhead) -> slot.write(this, event, encodedAhead);
    /** Stores an event without bytes encoded ahead: the consumer encodes it. */
    private final SlotWriter<EventSlot, ILoggingEvent> writerWithoutBytes = (slot, event) -> slot.write(this, event, null);

    @SuppressWarnings({"unchecked", "rawtypes"})
    private CallerEncoding(List<OutputStreamAppender<ILoggingEvent>> children, List<CallerEncoder> encoders, List<CallerFilter> filters,
            List<Encoder<ILoggingEvent>> owns) {
        this.children = children.toArray(new OutputStreamAppender[0]);
        this.encoders = encoders.toArray(new CallerEncoder[0]);
        this.filters = filters.toArray(new CallerFilter[0]);
        this.ahead = EncodedAhead.of(this, owns);
    }

    /**
     * Stands a {@link CallerEncoder} in for the encoder of every child that {@code mode} picks (see the class notes);
     * in {@code AUTO}, reports each file or console child left to the consumer, and why, as INFO on {@code status}.
     */
    static CallerEncoding install(Appender<ILoggingEvent>[] snapshot, CallerEncodingMode mode, ContextAware status, String appender) {
        List<OutputStreamAppender<ILoggingEvent>> children = new ArrayList<>();
        List<CallerEncoder> encoders = new ArrayList<>();
        List<CallerFilter> filters = new ArrayList<>();
        List<Encoder<ILoggingEvent>> owns = new ArrayList<>();
        if (mode == CallerEncodingMode.NEVER) {
            return NONE;
        }
        for (Appender<ILoggingEvent> child : snapshot) {
            if (!(child instanceof OutputStreamAppender) || !child.isStarted()) {
                continue;
            }
            OutputStreamAppender<ILoggingEvent> stream = (OutputStreamAppender<ILoggingEvent>) child;
            Encoder<ILoggingEvent> own = stream.getEncoder();
            if (own == null || own instanceof CallerEncoder) {
                continue;
            }
            CallerFilter filter = CallerFilter.of(child);
            if (mode == CallerEncodingMode.AUTO) {
                String onConsumer = whyOnConsumer(stream, own, filter);
                if (onConsumer != null) {
                    status.addInfo("Appender [" + appender + "] encodes the events of child appender [" + child.getName()
                            + "] on its consumer thread, as the stock AsyncAppender does: " + onConsumer
                            + ". Set <callerEncoding>ALWAYS</callerEncoding> to encode on the callers' threads if that is safe.");
                    continue;
                }
            }
            CallerEncoder standIn = new CallerEncoder(own);
            stream.setEncoder(standIn);
            children.add(stream);
            encoders.add(standIn);
            filters.add(filter);
            owns.add(own);
        }
        return children.isEmpty() ? NONE : new CallerEncoding(children, encoders, filters, owns);
    }

    /** Why {@code AUTO} leaves a stream child to the consumer, or null if it is encoded on the callers. */
    private static String whyOnConsumer(OutputStreamAppender<ILoggingEvent> child, Encoder<ILoggingEvent> own, CallerFilter filter) {
        if (!ThreadSafeEncoders.isKnown(own)) {
            return "its encoder " + own.getClass().getName() + " is not known to be thread-safe";
        }
        String override = StockAppendPath.overrideIn(child.getClass());
        if (override != null) {
            return "its class overrides Logback's append path (" + override + "), which may change the event before it is encoded";
        }
        if (filter == null) {
            return "it has a filter that only it can decide (Ringlog decides ThresholdFilter and LevelFilter on the callers)";
        }
        return null;
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

    @Override
    public boolean refuses(int index, ILoggingEvent event) {
        CallerFilter filter = filters[index];
        return filter != null && !filter.takes(event);
    }

    @Override
    public byte[] encode(int index, ILoggingEvent event) {
        return encoders[index].encodeOnCaller(event);
    }

    /**
     * Encodes {@code event} for each child on the caller's thread, before it claims a slot ({@link EncodedAhead#encode}:
     * null for a child that refuses the event or whose encoder failed, and the consumer then encodes it). Offer it with
     * {@link #writer}, then {@link #release} it.
     */
    Object encodeAhead(ILoggingEvent event) {
        return ahead.encode(event);
    }

    /** The slot writer for what {@link #encodeAhead} returned: a constant of this run. */
    BiSlotWriter<EventSlot, ILoggingEvent, Object> writer() {
        return writer;
    }

    /** A slot writer that stores the event without bytes (the consumer encodes it): a constant of this run. */
    SlotWriter<EventSlot, ILoggingEvent> writerWithoutBytes() {
        return writerWithoutBytes;
    }

    /**
     * Stores in a slot's array the bytes that {@link #encodeAhead} of this run made ({@code encodedAhead}, null for
     * none), inside the claimed slot; runs on the caller's thread.
     */
    void takeInto(Object encodedAhead, byte[][] encoded) {
        ahead.takeInto(encodedAhead, encoded, 0);
    }

    /** How many bytes {@link #encodeAhead} made for an event ({@code encodedAhead}), for the byte bound: shared bytes once. */
    long encodedLength(Object encodedAhead) {
        return ahead.length(encodedAhead);
    }

    /** After the offer of what {@link #encodeAhead} returned, whatever its outcome: the thread retains none of it. */
    void release(Object encodedAhead) {
        ahead.release(encodedAhead);
    }

    /**
     * Hands the bytes {@link #encodeAhead} made for {@code event} to the children's stand-in encoders on this thread,
     * for a delivery on the caller's thread (after the drain), so that the event is not encoded a second time. Call
     * {@link #withdrawOnThisThread} after the delivery. Rare path: it may allocate.
     */
    void handOverOnThisThread(ILoggingEvent event, Object encodedAhead) {
        for (int i = 0; i < encoders.length; i++) {
            byte[] bytes = ahead.bytesFor(encodedAhead, i);
            if (bytes != null) {
                encoders[i].handoverForThisThread().offer(event, bytes);
            }
        }
    }

    /** Withdraws what {@link #handOverOnThisThread} handed over and a child did not take; the thread keeps nothing of ours. */
    void withdrawOnThisThread() {
        for (CallerEncoder encoder : encoders) {
            encoder.removeHandoverOfThisThread();
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
