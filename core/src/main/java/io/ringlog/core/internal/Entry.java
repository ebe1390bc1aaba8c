package io.ringlog.core.internal;

/**
 * One pre-allocated ring slot: the adapter's payload plus what the consumer needs to know about it.
 *
 * <p>Implementation notes: the fields are plain. The producer that claimed the slot writes them before
 * {@code RingBuffer.publish} (a release store of the slot's availability flag); the consumer reads them
 * after seeing the flag with an acquire load, so the writes happen-before the reads. The consumer clears
 * them before releasing the slot (a release store of its sequence), which happens-before the next
 * producer's claim reads that sequence.
 */
final class Entry<S> {
    /**
     * The adapter's slot, created by the first producer that claims this entry (null until then: an idle ring holds
     * only its entries, not the adapter's slots). Written once, under the same ordering as the other fields: the
     * creating producer's publish happens-before the consumer's read, and the consumer's release of the slot
     * happens-before every later claim, which therefore finds it set.
     */
    S payload;
    /**
     * The event is an ERROR: the consumer flushes after it. A primitive, not the level itself, so that publishing
     * stores no reference into this long-lived object: with G1 every such store marks the object's card for the
     * collector's refinement threads to scan, a cost paid per event.
     */
    boolean error;
    /** False when the adapter's slot writer threw: the slot is published empty and counted as failed. */
    boolean written;
    /**
     * The id of the thread running the adapter's slot writer on this slot, 0 once it returned (cleared before the slot is
     * published). Only ever compared with the current thread's id, on slow paths ({@code RingPipeline.isWritingASlot}):
     * a thread always sees its own last store, and no other thread stores its id, so reading its own id here means it
     * is inside this slot's writer. A primitive, not the {@link Thread}: no reference store per event (see
     * {@link #error}). An {@code int}, the id's low 32 bits, so that the slot stays 24 bytes: two live threads whose
     * ids differ by a multiple of 2^32 (created four billion threads apart) would be taken for each other, which at
     * worst queues one's event during a drain (still delivered) or drops and counts it on a full ring instead of waiting;
     * and a thread whose id's low 32 bits are 0 is not recognised (its nested call is treated as any other caller's).
     */
    int writer;
    /**
     * What the event counts for against the byte bound, in KiB ({@link QueuedBytes}); 0 if it is not counted. A
     * {@code char}, 16 unsigned bits, so that the slot stays 24 bytes; the consumer gives it back when it hands the
     * event on.
     */
    char kib;

    Entry() {
    }
}
