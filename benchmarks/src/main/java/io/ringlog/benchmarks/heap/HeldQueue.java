package io.ringlog.benchmarks.heap;

import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * A started logging context whose asynchronous appender (or Async Loggers' ring) writes to the {@link HeldSink} and to
 * two file appenders, with that queue's own counters as its API reports them, and for Ringlog the byte bound in effect.
 * Logging thread: one at a time; the readings: any thread.
 */
final class HeldQueue implements AutoCloseable {

    /** {@link #maxQueueBytes()} of a queue that has no byte bound to set: the stock appenders, Async Loggers. */
    static final long NO_BYTE_BOUND = -1;

    private final BiConsumer<String, Throwable> error;
    private final long capacity;
    private final LongSupplier queued;
    private final LongSupplier remaining;
    private final Runnable stop;
    private final long maxQueueBytes;

    /**
     * @param error     the framework's {@code logger.error(message, thrown)}
     * @param capacity  the queue's capacity, as its API reports it
     * @param queued    events in the queue, as its API reports them (Ringlog and Async Loggers count the event their
     *                  consumer is delivering, the stock appenders do not: they took it out of the queue)
     * @param remaining free places in the queue, as its API reports them
     * @param stop      stops the context, which drains the queue
     */
    HeldQueue(BiConsumer<String, Throwable> error, long capacity, LongSupplier queued, LongSupplier remaining, Runnable stop) {
        this(error, capacity, queued, remaining, stop, NO_BYTE_BOUND);
    }

    /** Ringlog's queue, whose byte bound in effect is {@code maxQueueBytes} (0: off); the rest as above. */
    HeldQueue(BiConsumer<String, Throwable> error, long capacity, LongSupplier queued, LongSupplier remaining, Runnable stop,
              long maxQueueBytes) {
        this.error = error;
        this.capacity = capacity;
        this.queued = queued;
        this.remaining = remaining;
        this.stop = stop;
        this.maxQueueBytes = maxQueueBytes;
    }

    /** Logs an ERROR with the exception. */
    void error(String message, Throwable thrown) {
        error.accept(message, thrown);
    }

    long capacity() {
        return capacity;
    }

    long queued() {
        return queued.getAsLong();
    }

    long remaining() {
        return remaining.getAsLong();
    }

    /** Ringlog's byte bound in effect, in bytes: 0 if it is off, {@link #NO_BYTE_BOUND} for the others. */
    long maxQueueBytes() {
        return maxQueueBytes;
    }

    /** Stops the logging context, which drains the queue into the sink and the files. */
    @Override
    public void close() {
        stop.run();
    }
}
