package io.ringlog.core;

import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The immutable configuration of one pipeline. Built with {@link #builder(String)}; every value has a
 * default, and {@link Builder#build()} rejects an invalid one with a message that names it.
 * Safe to share between threads.
 */
public final class PipelineSettings {

    /** Ring capacity in events, rounded up to a power of two. */
    public static final int DEFAULT_CAPACITY = 8192;
    /**
     * The largest capacity accepted (2^20 slots): a ring is pre-allocated, so a larger one would take hundreds of MiB of
     * heap before the first event; size the queue for a burst, and bound what it holds with the byte bound.
     */
    public static final int MAX_CAPACITY = 1 << 20;
    /** The most events the consumer hands on before it flushes and releases their slots. */
    public static final int DEFAULT_MAX_BATCH_SIZE = 1024;
    /** How long stop() may spend delivering what is queued, in milliseconds (0 = no bound). */
    public static final long DEFAULT_DRAIN_TIMEOUT_MILLIS = 1000;
    /** How often drops and failures are summarised through the status channel, in milliseconds. */
    public static final long DEFAULT_REPORT_INTERVAL_MILLIS = 10_000;
    /** The default byte bound is the JVM's maximum heap divided by this: a sixteenth. */
    public static final int DEFAULT_MAX_QUEUE_BYTES_HEAP_DIVISOR = 16;
    /** Events estimated at fewer bytes than this are bounded by the slots alone, not counted against the byte bound. */
    public static final int COUNTED_FROM_BYTES = 1024;

    private final String name;
    private final int capacity;
    private final FullQueuePolicy fullQueuePolicy;
    private final int discardingThreshold;
    private final long maxBlockTimeNanos;
    private final long drainTimeoutMillis;
    private final int maxBatchSize;
    private final boolean drainOnJvmExit;
    private final long reportIntervalMillis;
    private final long maxQueueBytes;
    private final ThreadFactory threadFactory;
    private final BooleanSupplier maybeNestedInSlotWriting;

    private PipelineSettings(Builder builder) {
        this.name = builder.name;
        this.capacity = roundUpToPowerOfTwo(builder.capacity);
        this.fullQueuePolicy = builder.fullQueuePolicy;
        this.discardingThreshold = builder.discardingThreshold;
        this.maxBlockTimeNanos = builder.maxBlockTime < 0 ? -1 : builder.maxBlockTimeUnit.toNanos(builder.maxBlockTime);
        this.drainTimeoutMillis = builder.drainTimeoutMillis;
        this.maxBatchSize = builder.maxBatchSize;
        this.drainOnJvmExit = builder.drainOnJvmExit;
        this.reportIntervalMillis = builder.reportIntervalMillis;
        this.maxQueueBytes = builder.maxQueueBytes < 0 ? defaultMaxQueueBytes() : builder.maxQueueBytes;
        this.threadFactory = builder.threadFactory;
        this.maybeNestedInSlotWriting = builder.maybeNestedInSlotWriting;
    }

    /** Starts a builder for the pipeline of the appender called {@code name}. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The owning appender's name: it names the consumer thread ({@code ringlog-<name>}) and every report. */
    public String name() {
        return name;
    }

    /** The ring's capacity in events: the requested size rounded up to a power of two. */
    public int capacity() {
        return capacity;
    }

    /** What a caller experiences when the ring is full. */
    public FullQueuePolicy fullQueuePolicy() {
        return fullQueuePolicy;
    }

    /** Free slots at or below which events below WARN are dropped even before the ring is full; 0 = off. */
    public int discardingThreshold() {
        return discardingThreshold;
    }

    /** The longest a caller waits for a free slot before its event is dropped, in nanoseconds; negative = no bound. */
    public long maxBlockTimeNanos() {
        return maxBlockTimeNanos;
    }

    /** How long stopping may spend delivering what is queued, in milliseconds; 0 = no bound. */
    public long drainTimeoutMillis() {
        return drainTimeoutMillis;
    }

    /** The most events handed on between two flushes. */
    public int maxBatchSize() {
        return maxBatchSize;
    }

    /** Whether a JVM shutdown hook drains the ring when the JVM exits without stopping the appender. */
    public boolean drainOnJvmExit() {
        return drainOnJvmExit;
    }

    /** How often drops and failures are summarised, in milliseconds. */
    public long reportIntervalMillis() {
        return reportIntervalMillis;
    }

    /**
     * The most bytes the queued events may hold, as estimated by the adapter for each event of at least
     * {@value #COUNTED_FROM_BYTES} bytes (an event with a stack trace, a long message); 0 = no byte bound. An event that
     * would pass it is handled as one that finds the ring full: the policy has the caller wait, or drops it. An event
     * is always admitted into an empty queue, however large.
     */
    public long maxQueueBytes() {
        return maxQueueBytes;
    }

    /** The byte bound used when none is given: a sixteenth of the JVM's maximum heap ({@link Runtime#maxMemory()}). */
    public static long defaultMaxQueueBytes() {
        return Runtime.getRuntime().maxMemory() / DEFAULT_MAX_QUEUE_BYTES_HEAP_DIVISOR;
    }

    /** Creates the consumer thread; the pipeline then names it {@code ringlog-<name>} and makes it a daemon. */
    public ThreadFactory threadFactory() {
        return threadFactory;
    }

    /**
     * Whether the current log call may be nested in the writing of the same thread's earlier event into a slot (see
     * {@link Builder#maybeNestedInSlotWriting}); asked on slow paths only.
     */
    public BooleanSupplier maybeNestedInSlotWriting() {
        return maybeNestedInSlotWriting;
    }

    @Override
    public String toString() {
        return "PipelineSettings[name=" + name + ", capacity=" + capacity + ", fullQueuePolicy=" + fullQueuePolicy
                + ", discardingThreshold=" + discardingThreshold
                + ", maxBlockTime=" + (maxBlockTimeNanos < 0 ? "unbounded" : TimeUnit.NANOSECONDS.toMillis(maxBlockTimeNanos) + "ms")
                + ", drainTimeout=" + (drainTimeoutMillis == 0 ? "unbounded" : drainTimeoutMillis + "ms")
                + ", maxQueueBytes=" + (maxQueueBytes == 0 ? "unbounded" : ByteSize.format(maxQueueBytes))
                + ", maxBatchSize=" + maxBatchSize + ", drainOnJvmExit=" + drainOnJvmExit + "]";
    }

    static int roundUpToPowerOfTwo(int value) {
        return value <= 1 ? 1 : Integer.highestOneBit(value - 1) << 1;
    }

    /** Collects settings; not thread-safe. */
    public static final class Builder {
        private final String name;
        private int capacity = DEFAULT_CAPACITY;
        private FullQueuePolicy fullQueuePolicy = FullQueuePolicy.BLOCK;
        private int discardingThreshold;
        private long maxBlockTime = -1;
        private TimeUnit maxBlockTimeUnit = TimeUnit.MILLISECONDS;
        private long drainTimeoutMillis = DEFAULT_DRAIN_TIMEOUT_MILLIS;
        private int maxBatchSize = DEFAULT_MAX_BATCH_SIZE;
        private boolean drainOnJvmExit = true;
        private long reportIntervalMillis = DEFAULT_REPORT_INTERVAL_MILLIS;
        private long maxQueueBytes = -1;
        private ThreadFactory threadFactory = Thread::new;
        private BooleanSupplier maybeNestedInSlotWriting = () -> true;

        private Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        /** Ring capacity in events (1 .. {@value PipelineSettings#MAX_CAPACITY}), rounded up to a power of two. */
        public Builder capacity(int capacity) {
            this.capacity = capacity;
            return this;
        }

        /** The full-queue policy; default {@link FullQueuePolicy#BLOCK}. */
        public Builder fullQueuePolicy(FullQueuePolicy policy) {
            this.fullQueuePolicy = Objects.requireNonNull(policy, "fullQueuePolicy");
            return this;
        }

        /** Free slots at or below which events below WARN are dropped; 0 (the default) turns it off. */
        public Builder discardingThreshold(int freeSlots) {
            this.discardingThreshold = freeSlots;
            return this;
        }

        /** The longest a caller may wait for a slot; -1 (the default) means no bound, 0 never waits. */
        public Builder maxBlockTime(long time, TimeUnit unit) {
            this.maxBlockTime = time;
            this.maxBlockTimeUnit = Objects.requireNonNull(unit, "unit");
            return this;
        }

        /** How long stopping may spend draining, in milliseconds; 0 means no bound. */
        public Builder drainTimeoutMillis(long millis) {
            this.drainTimeoutMillis = millis;
            return this;
        }

        /** The most events handed on between two flushes. */
        public Builder maxBatchSize(int maxBatchSize) {
            this.maxBatchSize = maxBatchSize;
            return this;
        }

        /** Whether a JVM shutdown hook drains the ring at exit; default true. */
        public Builder drainOnJvmExit(boolean drainOnJvmExit) {
            this.drainOnJvmExit = drainOnJvmExit;
            return this;
        }

        /**
         * The most bytes the queued events may hold (see {@link PipelineSettings#maxQueueBytes()}); 0 turns the byte bound
         * off, -1 (the default) means {@link PipelineSettings#defaultMaxQueueBytes()}.
         */
        public Builder maxQueueBytes(long bytes) {
            this.maxQueueBytes = bytes;
            return this;
        }

        /** How often drops and failures are summarised, in milliseconds. */
        public Builder reportIntervalMillis(long millis) {
            this.reportIntervalMillis = millis;
            return this;
        }

        /**
         * Creates the consumer thread (default: a plain {@link Thread}); an adapter may supply its framework's
         * own thread type. The pipeline names the thread and makes it a daemon.
         */
        public Builder threadFactory(ThreadFactory threadFactory) {
            this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
            return this;
        }

        /**
         * Tells the pipeline whether the current log call may be nested in the writing of the same thread's earlier
         * event into a slot: a slot writer that runs the application's code (a parameter's {@code toString()}) may log.
         * Such a call must never wait for room (the consumer waits for the slot its thread holds), so on a full ring the
         * pipeline looks for the thread's unpublished slot; where the adapter knows the call is not nested (its slot
         * writers run no application code, or the framework counts nested calls), this spares that look. Asked on
         * slow paths only, on the caller's thread. Default: always maybe (the pipeline always looks).
         */
        public Builder maybeNestedInSlotWriting(BooleanSupplier probe) {
            this.maybeNestedInSlotWriting = Objects.requireNonNull(probe, "probe");
            return this;
        }

        /**
         * Validates and freezes the settings.
         *
         * @throws IllegalArgumentException naming the first invalid value and what is accepted
         */
        public PipelineSettings build() {
            if (capacity < 1 || capacity > MAX_CAPACITY) {
                throw new IllegalArgumentException("queue size must be between 1 and " + MAX_CAPACITY + ", was " + capacity);
            }
            // Against the size as configured, not as rounded: the user checks the value against what they wrote.
            if (discardingThreshold < 0 || discardingThreshold >= capacity) {
                throw new IllegalArgumentException("discardingThreshold must be between 0 (off) and the queue size minus one ("
                        + (capacity - 1) + "), was " + discardingThreshold);
            }
            if (maxBlockTime < -1) {
                throw new IllegalArgumentException("maxBlockTime must be -1 (wait without bound) or >= 0, was " + maxBlockTime
                        + " " + maxBlockTimeUnit.name().toLowerCase(Locale.ROOT));
            }
            if (drainTimeoutMillis < 0) {
                throw new IllegalArgumentException("the drain timeout must be >= 0 ms (0 = no bound), was " + drainTimeoutMillis);
            }
            if (maxBatchSize < 1) {
                throw new IllegalArgumentException("maxBatchSize must be >= 1, was " + maxBatchSize);
            }
            if (maxQueueBytes < -1) {
                throw new IllegalArgumentException("maxQueueBytes must be 0 (no byte bound), -1 (the default: a sixteenth of "
                        + "the maximum heap) or a number of bytes, was " + maxQueueBytes);
            }
            if (reportIntervalMillis < 1) {
                throw new IllegalArgumentException("the report interval must be >= 1 ms, was " + reportIntervalMillis);
            }
            return new PipelineSettings(this);
        }
    }
}
