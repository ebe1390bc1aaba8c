package io.ringlog.core.internal;

import io.ringlog.core.EventSink;
import java.util.concurrent.atomic.AtomicLong;

/** A sink of {@code long[1]} slots that counts what it is handed, for tests of the consumer's waiting. */
final class CountingSink implements EventSink<long[]> {
    final AtomicLong delivered = new AtomicLong();

    @Override
    public void deliver(long[] slot, boolean endOfBatch) {
        delivered.incrementAndGet();
    }

    @Override
    public void clear(long[] slot) {
        slot[0] = 0;
    }
}
