package io.ringlog.core.internal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lifecycle of one pipeline, as a single integer that only moves forward.
 *
 * <p>Implementation notes: {@code value} is written by the lifecycle thread ({@code start}, {@code stop})
 * and by the consumer (closing, stopped, failed), always by CAS so that no transition overwrites a later
 * one. Producers read it (a volatile load) once before claiming a slot and once after publishing; the
 * second read, after the claim's CAS on the ring cursor, is one half of the close handshake described in
 * {@link RingPipeline}.
 */
final class PipelineState {
    /** Created, not started. */
    static final int NEW = 0;
    /** Accepting events. */
    static final int RUNNING = 1;
    /** stop() began: no new caller is accepted; callers already blocked still get their slot; the consumer drains. */
    static final int DRAINING = 2;
    /** The consumer fixed the last sequence it will deliver; later claims are stranded. */
    static final int CLOSING = 3;
    /** Everything accepted up to the closing sequence was handed on; the consumer has ended. */
    static final int STOPPED = 4;
    /** stop() hit its bound: the consumer delivers nothing more. */
    static final int ABANDONED = 5;
    /** The consumer ended on an unexpected throwable: nothing more is delivered. */
    static final int FAILED = 6;

    private final AtomicInteger value = new AtomicInteger(NEW);

    int get() {
        return value.get();
    }

    /** Moves from {@code expected} to {@code next}; false if another transition came first. */
    boolean advance(int expected, int next) {
        return value.compareAndSet(expected, next);
    }

    /** Moves to {@code terminal} from any non-terminal state; false if already terminal. */
    boolean terminate(int terminal) {
        for (;;) {
            int current = value.get();
            if (current >= STOPPED) {
                return false;
            }
            if (value.compareAndSet(current, terminal)) {
                return true;
            }
        }
    }

    static String name(int state) {
        switch (state) {
            case NEW: return "NEW";
            case RUNNING: return "RUNNING";
            case DRAINING: return "DRAINING";
            case CLOSING: return "CLOSING";
            case STOPPED: return "STOPPED";
            case ABANDONED: return "ABANDONED";
            case FAILED: return "FAILED";
            default: return "UNKNOWN(" + state + ")";
        }
    }
}
