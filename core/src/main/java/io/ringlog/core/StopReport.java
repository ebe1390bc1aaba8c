package io.ringlog.core;

/**
 * What stopping a pipeline achieved: whether the drain finished within its bound, and how many accepted
 * events were not delivered. Immutable.
 */
public final class StopReport {

    private final boolean drained;
    private final long undelivered;
    private final long elapsedMillis;

    /** Creates a report. */
    public StopReport(boolean drained, long undelivered, long elapsedMillis) {
        this.drained = drained;
        this.undelivered = undelivered;
        this.elapsedMillis = elapsedMillis;
    }

    /** True when everything accepted was handed on before the consumer stopped. */
    public boolean drained() {
        return drained;
    }

    /** Accepted events that were never handed on because the drain bound was hit: lost. */
    public long undelivered() {
        return undelivered;
    }

    /** How long the stop took. */
    public long elapsedMillis() {
        return elapsedMillis;
    }

    @Override
    public String toString() {
        return "StopReport[drained=" + drained + ", undelivered=" + undelivered + ", elapsedMillis=" + elapsedMillis + "]";
    }
}
