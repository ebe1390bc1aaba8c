package io.ringlog.log4j2;

import io.ringlog.core.BiSlotWriter;
import io.ringlog.core.EncodedAhead;
import java.util.ArrayList;
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
 * <p>The caller encodes before it claims its slot ({@link #encodeAhead}, with {@link EncodedAhead}, which says why) and
 * the slot writer ({@link #writer}) only stores the bytes. Targets that share one layout object (the Spring Boot
 * starter gives Boot's console the file's layout when both log in the same structured format) are encoded once per
 * event. An event no target takes, and an event the policy is about to drop, are not encoded.
 *
 * <p>Thread-safety: immutable once built (but for {@link EncodedAhead}'s per-thread arrays); the caller methods from any
 * thread.
 */
final class CallerLayouts implements EncodedAhead.Targets<LogEvent> {
    private static final Logger LOGGER = StatusLogger.getLogger();

    /** No target encoded on the callers. */
    static final CallerLayouts NONE = new CallerLayouts(new EncodedTarget[0], new int[0]);

    private final EncodedTarget[] targets;
    /** Per target of the dispatcher (AppenderRef order): its index in {@link #targets}, or -1 when the consumer encodes. */
    private final int[] indexOfTarget;
    private final EncodedAhead<LogEvent> ahead;
    /** Made once per run, so that an offer allocates nothing of ours. */
    private final BiSlotWriter<LogEventSlot, LogEvent, Object> writer;
    private final BiSlotWriter<LogEventSlot, LogEvent, Object> writerWithLocation;

    private CallerLayouts(EncodedTarget[] targets, int[] indexOfTarget) {
        this.targets = targets;
        this.indexOfTarget = indexOfTarget;
        List<Object> layouts = new ArrayList<>();
        for (EncodedTarget target : targets) {
            layouts.add(target.layout());
        }
        this.ahead = EncodedAhead.of(this, layouts);
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

    @Override
    public boolean refuses(int index, LogEvent event) {
        return targets[index].refuses(event);
    }

    @Override
    public byte[] encode(int index, LogEvent event) {
        return targets[index].encode(event);
    }

    /**
     * Encodes {@code event} for each target on the caller's thread, before the claim ({@link EncodedAhead#encode}).
     * Offer it with {@link #writer}, then {@link #release} it.
     */
    Object encodeAhead(LogEvent event) {
        return ahead.encode(event);
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
        ahead.takeInto(encodedAhead, into, at);
    }

    /** How many bytes {@link #encodeAhead} made for an event, for the byte bound: shared bytes once. */
    long encodedLength(Object encodedAhead) {
        return ahead.length(encodedAhead);
    }

    /** After the offer of what {@link #encodeAhead} returned, whatever its outcome: the thread retains none of it. */
    void release(Object encodedAhead) {
        ahead.release(encodedAhead);
    }
}
