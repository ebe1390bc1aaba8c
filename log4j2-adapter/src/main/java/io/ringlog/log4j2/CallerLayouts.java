package io.ringlog.log4j2;

import io.ringlog.core.BiSlotWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.AppenderControl;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * The targets of one {@code <RingAsync>} run whose events are encoded on the caller's thread, fixed when it starts
 * ({@link EncodedTarget} says which, by {@code callerEncoding}). With hundreds of request threads on a few cores, the
 * one consumer thread gets a small share of the CPU: a layout that costs microseconds an event (Spring Boot's
 * structured logging) run there caps the whole service, while on the callers it runs on every core, as in synchronous
 * logging.
 *
 * <p>The caller encodes before it claims its slot ({@link #encodeAhead}) and the slot writer ({@link #writer}) only
 * stores the bytes: a claimed slot not yet published holds up the consumer, and a caller preempted inside that window
 * would hold it up for a round of the scheduler. Targets that share one layout object (the Spring Boot starter gives
 * Boot's console the file's layout when both log in the same structured format) are encoded once per event. With one
 * target encoded here the bytes are the offer's argument; with several, an array of the caller's thread (looked up once
 * per event, an {@code Object[]} so that a thread outliving the application keeps none of its classes), emptied after
 * the offer ({@link #release}). An event no target takes, and an event the policy is about to drop, are not encoded.
 *
 * <p>Thread-safety: immutable once built but for the per-thread arrays, which only their own thread touches; the
 * caller methods from any thread. A log call made from inside a layout comes back on the same thread while its array
 * is in use: the array carries an in-use mark and the nested call encodes into one of its own.
 */
final class CallerLayouts {
    private static final Logger LOGGER = StatusLogger.getLogger();

    /** No target encoded on the callers. */
    static final CallerLayouts NONE = new CallerLayouts(new EncodedTarget[0], new int[0]);

    /** The mark, in the last entry of a thread's array, of an array in use; a JDK object. */
    private static final Object IN_USE = Boolean.TRUE;

    private final EncodedTarget[] targets;
    /** Per target of the dispatcher (AppenderRef order): its index in {@link #targets}, or -1 when the consumer encodes. */
    private final int[] indexOfTarget;
    /** Per encoded target: the index of an earlier one with the same layout object, whose bytes it takes, or -1. */
    private final int[] sameLayoutAs;
    private final ThreadLocal<Object[]> ahead = new ThreadLocal<>();
    /** Made once per run, so that an offer allocates nothing of ours. */
    private final BiSlotWriter<LogEventSlot, LogEvent, Object> writer;
    private final BiSlotWriter<LogEventSlot, LogEvent, Object> writerWithLocation;

    private CallerLayouts(EncodedTarget[] targets, int[] indexOfTarget) {
        this.targets = targets;
        this.indexOfTarget = indexOfTarget;
        this.sameLayoutAs = new int[targets.length];
        for (int i = 0; i < targets.length; i++) {
            sameLayoutAs[i] = -1;
            for (int earlier = 0; earlier < i && sameLayoutAs[i] < 0; earlier++) {
                if (targets[earlier].layout() == targets[i].layout()) {
                    sameLayoutAs[i] = earlier;
                }
            }
        }
        this.writer = (slot, event, encoded) -> slot.copyFrom(event, false, this, encoded);
        this.writerWithLocation = (slot, event, encoded) -> slot.copyFrom(event, true, this, encoded);
    }

    /**
     * The targets, in {@code <AppenderRef>} order ({@code refs} and {@code controls} side by side), that {@code mode}
     * has encoded on the callers; each file or console target left to the consumer is reported, with why, at debug level.
     */
    static CallerLayouts of(String appender, List<AppenderRef> refs, List<AppenderControl> controls, CallerEncodingMode mode) {
        List<EncodedTarget> picked = new ArrayList<>();
        int[] indexOfTarget = new int[controls.size()];
        for (int i = 0; i < controls.size(); i++) {
            StringBuilder why = new StringBuilder();
            EncodedTarget target = EncodedTarget.of(refs.get(i), controls.get(i), mode, why);
            indexOfTarget[i] = target == null ? -1 : picked.size();
            if (target != null) {
                picked.add(target);
            } else if (why.length() > 0) {
                LOGGER.debug("RingAsync appender '{}' encodes the events of appender '{}' on its consumer thread: {}", appender,
                        controls.get(i).getAppenderName(), why);
            }
        }
        return picked.isEmpty() ? NONE : new CallerLayouts(picked.toArray(new EncodedTarget[0]), indexOfTarget);
    }

    /** How many targets are encoded on the callers: the size of each slot's array of bytes. */
    int size() {
        return targets.length;
    }

    /** The encoded target for the dispatcher's target {@code i}, or null when the consumer encodes its events. */
    EncodedTarget encodedTarget(int i) {
        return indexOfTarget.length == 0 || indexOfTarget[i] < 0 ? null : targets[indexOfTarget[i]];
    }

    /** The index in a slot's array of bytes of the dispatcher's target {@code i}, or -1. */
    int slotIndexOf(int i) {
        return indexOfTarget.length == 0 ? -1 : indexOfTarget[i];
    }

    /**
     * Encodes {@code event} for each target on the caller's thread, before the claim: the {@code byte[]} of the one
     * target (null if it refuses the event or its layout failed: the consumer then encodes), the thread's array of them
     * for several, null for none. Offer it with {@link #writer}, then {@link #release} it.
     */
    Object encodeAhead(LogEvent event) {
        int count = targets.length;
        if (count == 1) {
            return encodeFor(0, event, null);
        }
        if (count == 0) {
            return null;
        }
        Object[] mine = ahead.get();
        if (mine == null) {
            mine = new Object[count + 1];
            ahead.set(mine);
        } else if (mine[count] != null) {
            mine = new Object[count + 1]; // a log call nested in this thread's own encoding: rare, so it may allocate
        }
        mine[count] = IN_USE;
        for (int i = 0; i < count; i++) {
            mine[i] = encodeFor(i, event, mine);
        }
        return mine;
    }

    private byte[] encodeFor(int i, LogEvent event, Object[] encodedSoFar) {
        EncodedTarget target = targets[i];
        if (target.refuses(event)) {
            return null;
        }
        int same = sameLayoutAs[i];
        if (same >= 0 && encodedSoFar[same] != null) {
            return (byte[]) encodedSoFar[same];
        }
        return target.encode(event);
    }

    /** The slot writer for what {@link #encodeAhead} returned: a constant of this run. */
    BiSlotWriter<LogEventSlot, LogEvent, Object> writer(boolean includeLocation) {
        return includeLocation ? writerWithLocation : writer;
    }

    /**
     * Stores the bytes that {@link #encodeAhead} made ({@code encodedAhead}, null for none) in a slot's entries of
     * {@code into}, from {@code at}; the caller's thread, inside its claimed slot.
     */
    void takeInto(Object encodedAhead, Object[] into, int at) {
        int count = targets.length;
        if (encodedAhead == null) {
            Arrays.fill(into, at, at + count, null);
        } else if (count == 1) {
            into[at] = encodedAhead;
        } else {
            System.arraycopy((Object[]) encodedAhead, 0, into, at, count);
        }
    }

    /** How many bytes {@link #encodeAhead} made for an event, for the byte bound: shared bytes once. */
    long encodedLength(Object encodedAhead) {
        if (encodedAhead instanceof byte[]) {
            return ((byte[]) encodedAhead).length;
        }
        long length = 0;
        if (encodedAhead instanceof Object[]) {
            Object[] mine = (Object[]) encodedAhead;
            for (int i = 0; i < targets.length; i++) {
                boolean shared = sameLayoutAs[i] >= 0 && mine[i] == mine[sameLayoutAs[i]];
                if (mine[i] instanceof byte[] && !shared) {
                    length += ((byte[]) mine[i]).length;
                }
            }
        }
        return length;
    }

    /** After the offer of what {@link #encodeAhead} returned, whatever its outcome: the thread retains none of it. */
    void release(Object encodedAhead) {
        if (encodedAhead instanceof Object[]) {
            Arrays.fill((Object[]) encodedAhead, null);
        }
    }
}
