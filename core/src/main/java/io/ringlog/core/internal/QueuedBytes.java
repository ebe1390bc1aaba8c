package io.ringlog.core.internal;

import io.ringlog.core.PipelineSettings;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The byte bound ({@link PipelineSettings#maxQueueBytes()}): how much the queued events hold, as the adapters estimate
 * it, counted in KiB for the events of at least {@value PipelineSettings#COUNTED_FROM_BYTES} bytes only. Ordinary log
 * lines are bounded by the ring's slots and never touch a shared counter; an error storm, whose events carry stack
 * traces tens of KiB each, is bounded by this. The bound is approximate by design: a check and the add that follows it
 * are two steps, so concurrent callers may pass it by one event each; an event is always admitted into a queue that
 * holds no counted event, so that no event is too large ever to be queued.
 *
 * <p>Implementation notes: {@code in} (an {@link AtomicLong}) is raised by producers, once per counted event, after
 * their claim and before their publish; {@code out} has one writer, the consumer, which raises it when it has handed
 * a counted event on (a release store, read with acquire loads). Each only grows; {@code in - out} is what is queued.
 * A producer that reads {@code out} late sees more queued than there is, never less than its own adds: its check
 * errs towards waiting. Any thread for {@link #admits}; {@link #added} on the producer that claimed the slot;
 * {@link #handedOn} on the consumer thread only.
 */
final class QueuedBytes {
    /** The largest weight one event counts for, in KiB: what an {@link Entry} stores in its 16 bits. */
    static final int MAX_EVENT_KIB = Character.MAX_VALUE;
    private static final VarHandle OUT;

    static {
        try {
            OUT = MethodHandles.lookup().findVarHandle(QueuedBytes.class, "out", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The bound in KiB; 0: no bound, nothing counted. */
    private final long maxKib;
    private final AtomicLong in = new AtomicLong();
    @SuppressWarnings("unused") // accessed through OUT
    private long out;

    QueuedBytes(long maxQueueBytes) {
        this.maxKib = maxQueueBytes == 0 ? 0 : Math.max(1, maxQueueBytes >> 10);
    }

    /** What an event estimated at {@code bytes} counts for, in KiB: 0 if it is not counted (too small, or no bound). */
    int weightOf(long bytes) {
        if (maxKib == 0 || bytes < PipelineSettings.COUNTED_FROM_BYTES) {
            return 0;
        }
        return (int) Math.min(MAX_EVENT_KIB, (bytes + 1023) >> 10);
    }

    /** True if an event of {@code kib} may be queued now: within the bound, or into a queue with nothing counted. */
    boolean admits(int kib) {
        long queued = in.get() - (long) OUT.getAcquire(this);
        return queued <= 0 || queued + kib <= maxKib;
    }

    /** A counted event of {@code kib} was claimed a slot; before it is published. */
    void added(int kib) {
        in.addAndGet(kib);
    }

    /** The consumer handed on a counted event of {@code kib} (delivered or failed); consumer thread only. */
    void handedOn(int kib) {
        OUT.setRelease(this, (long) OUT.get(this) + kib);
    }
}
