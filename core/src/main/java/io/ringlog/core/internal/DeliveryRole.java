package io.ringlog.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The right to hand events on: held by the consumer thread while it delivers a batch, or by a caller that found the
 * ring full and delivers a batch itself instead of waiting (see {@link ConsumerLoop#deliverForCaller()}). One holder at
 * a time, so the delivery's state (the next sequence, the counters, the downstream appenders' own unsynchronised state)
 * keeps a single writer at any moment, whichever thread that is.
 *
 * <p>Implementation notes: {@code holder} is taken with a CAS from null (a volatile read-modify-write: acquire) and
 * given back with a release store of null, so everything a holder wrote happens-before the next holder's successful
 * CAS reads that null. No waiting: a thread that does not get the role does something else (the consumer naps, a
 * caller queues for a slot). Only the holder ever stores its own thread, so {@link #isHeldByCurrentThread()} is exact
 * for the thread that asks.
 */
final class DeliveryRole {
    private static final VarHandle HOLDER;

    static {
        try {
            HOLDER = MethodHandles.lookup().findVarHandle(DeliveryRole.class, "holder", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The thread holding the role, or null; read directly (volatile), written through {@code HOLDER}. */
    private volatile Thread holder;

    /** Takes the role if nobody holds it; true if the current thread holds it now. */
    boolean tryTake() {
        return holder == null && HOLDER.compareAndSet(this, null, Thread.currentThread());
    }

    /** Gives the role back; only by its holder. */
    void give() {
        HOLDER.setRelease(this, null);
    }

    /** True if the current thread holds the role (it is handing events on). */
    boolean isHeldByCurrentThread() {
        return holder == Thread.currentThread();
    }
}
