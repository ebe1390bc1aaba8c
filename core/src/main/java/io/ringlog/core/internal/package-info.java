/**
 * All of Ringlog's concurrency code, and nothing else: the ring wiring, the consumer loop, the gate for
 * waiting callers, the lifecycle state and the counters. No type here is part of the public API.
 *
 * <p>Policy for the whole package:
 * <ul>
 * <li>Every class opens with implementation notes: each shared field, its writer(s), its access mode, and
 * the happens-before edge it forms.
 * <li>Single-writer fields are written with release (or volatile) stores and read with acquire (or volatile)
 * loads; counters that many callers increment are {@link java.util.concurrent.atomic.LongAdder}s; the only
 * shared write on the producer's fast path is the ring cursor's CAS.
 * <li>False sharing: the Disruptor's {@code Sequence} is padded; the lifecycle state and the consumer's
 * parking flag are written so rarely that they are not.
 * <li>Locks exist only off the fast path: callers waiting for a slot, and lifecycle transitions.
 * <li>Single-writer state of the delivery (the consumer's sequence, its counters) has one writer, the consumer thread:
 * no caller ever delivers queued events, even when the ring is full.
 * <li>The consumer thread is never interrupted by Ringlog.
 * </ul>
 * The LMAX Disruptor 4 is shaded into {@code io.ringlog.core.internal.disruptor} at package time.
 */
package io.ringlog.core.internal;
