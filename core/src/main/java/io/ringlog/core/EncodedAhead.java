package io.ringlog.core;

import java.util.Arrays;
import java.util.List;

/**
 * The bytes a caller encodes for one event before it claims a slot, for each of an appender's targets that are encoded
 * on the callers' threads; the slot writer then only stores them. A ring slot claimed and not yet published holds up the
 * consumer at that slot, and with hundreds of request threads on a few cores a caller preempted inside that window is
 * off the CPU for up to a round of the scheduler, long enough for the ring to fill behind it: encoding, most of a
 * caller's work for an event, belongs outside the window.
 *
 * <p>What one event's encoding is ({@link #encode}): with one target, its {@code byte[]} itself (no lookup at all);
 * with several, an array of the caller's thread (a thread-local, looked up once per event) that holds each target's
 * bytes, emptied after the offer ({@link #release}); null with none. A target's entry is null when it refuses the event
 * or its encoder failed: the consumer then encodes it. Targets that share one encoder object get the same bytes,
 * encoded once: the later one takes the earlier one's when it takes the event too.
 *
 * <p>Thread-safety: immutable but for the per-thread arrays, which only their own thread reads or writes; every method
 * from any thread, the targets' encoders being thread-safe. The per-thread array is an {@code Object[]}, a class of the
 * JDK's, so that a thread outliving the appender's class loader (a redeployed application's) keeps none of its classes
 * reachable. A log call made by an encoder comes back on the same thread while its array is in use: the array carries
 * an in-use mark in its last entry, and the nested call encodes into an array of its own (rare, so it allocates).
 *
 * @param <E> the framework's event type
 */
public final class EncodedAhead<E> {

    /** One appender's targets encoded on the callers, by index. Implementations are thread-safe. */
    public interface Targets<E> {
        /** Whether target {@code index} refuses {@code event} (its filters, as far as the caller can decide them). */
        boolean refuses(int index, E event);

        /** The bytes of target {@code index} for {@code event}, on the caller's thread; null if its encoder failed. */
        byte[] encode(int index, E event);
    }

    /** The mark, in the last entry of a thread's array, of an array in use; a JDK object. */
    private static final Object IN_USE = Boolean.TRUE;

    private final Targets<E> targets;
    private final int count;
    /** Per target: the index of an earlier one with the same encoder object, whose bytes it takes, or -1. */
    private final int[] sameEncoderAs;
    private final ThreadLocal<Object[]> ahead = new ThreadLocal<>();

    private EncodedAhead(Targets<E> targets, List<?> encoders) {
        this.targets = targets;
        this.count = encoders.size();
        this.sameEncoderAs = new int[count];
        for (int i = 0; i < count; i++) {
            sameEncoderAs[i] = -1;
            for (int earlier = 0; earlier < i && sameEncoderAs[i] < 0; earlier++) {
                if (encoders.get(earlier) == encoders.get(i)) {
                    sameEncoderAs[i] = earlier;
                }
            }
        }
    }

    /**
     * For {@code targets}, whose encoder objects are {@code encoders} in target order (compared by identity: targets
     * with the same object are encoded once); no targets for an empty list.
     */
    public static <E> EncodedAhead<E> of(Targets<E> targets, List<?> encoders) {
        return new EncodedAhead<>(targets, encoders);
    }

    /** How many targets are encoded on the callers: the entries each slot keeps for an event's bytes. */
    public int size() {
        return count;
    }

    /**
     * Encodes {@code event} for each target on the caller's thread, before it claims a slot (see the class notes for
     * what it returns). Offer it, store it with {@link #takeInto}, then {@link #release} it whatever the offer's outcome.
     */
    public Object encode(E event) {
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
            mine = new Object[count + 1]; // a log call nested in this thread's own encoding
        }
        mine[count] = IN_USE;
        for (int i = 0; i < count; i++) {
            mine[i] = encodeFor(i, event, mine);
        }
        return mine;
    }

    private byte[] encodeFor(int i, E event, Object[] encodedSoFar) {
        if (targets.refuses(i, event)) {
            return null;
        }
        int same = sameEncoderAs[i];
        if (same >= 0 && encodedSoFar[same] != null) {
            return (byte[]) encodedSoFar[same];
        }
        return targets.encode(i, event);
    }

    /**
     * Stores what {@link #encode} returned ({@code encoded}, null for none) in a slot's {@link #size()} entries of
     * {@code into}, from {@code at} (a {@code byte[][]} will do); the caller's thread, inside its claimed slot.
     */
    public void takeInto(Object encoded, Object[] into, int at) {
        if (encoded == null) {
            Arrays.fill(into, at, at + count, null);
        } else if (count == 1) {
            into[at] = encoded;
        } else {
            System.arraycopy((Object[]) encoded, 0, into, at, count);
        }
    }

    /** The bytes of target {@code index} in what {@link #encode} returned, or null. */
    public byte[] bytesFor(Object encoded, int index) {
        if (encoded == null) {
            return null;
        }
        return count == 1 ? (byte[]) encoded : (byte[]) ((Object[]) encoded)[index];
    }

    /** How many bytes {@link #encode} made for an event, for the byte bound: bytes shared by targets counted once. */
    public long length(Object encoded) {
        if (encoded instanceof byte[]) {
            return ((byte[]) encoded).length;
        }
        long length = 0;
        if (encoded instanceof Object[]) {
            Object[] mine = (Object[]) encoded;
            for (int i = 0; i < count; i++) {
                boolean shared = sameEncoderAs[i] >= 0 && mine[i] == mine[sameEncoderAs[i]];
                if (mine[i] instanceof byte[] && !shared) {
                    length += ((byte[]) mine[i]).length;
                }
            }
        }
        return length;
    }

    /** After the offer of what {@link #encode} returned, whatever its outcome: the thread retains none of it. */
    public void release(Object encoded) {
        if (encoded instanceof Object[]) {
            Arrays.fill((Object[]) encoded, null);
        }
    }
}
