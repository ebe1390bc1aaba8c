package io.ringlog.core;

/**
 * What stopping a pipeline achieved: whether the drain finished within its bound, and how many accepted
 * events were not delivered. Immutable.
 */
public final class StopReport {

    private final boolean drained;
    private final long undelivered;
    private final long elapsedMillis;
    private final boolean deliveryInFlight;

    /** Creates a report. */
    public StopReport(boolean drained, long undelivered, boolean deliveryInFlight, long elapsedMillis) {
        this.drained = drained;
        this.undelivered = undelivered;
        this.deliveryInFlight = deliveryInFlight;
        this.elapsedMillis = elapsedMillis;
    }

    /** True when everything accepted was handed on before the consumer stopped. */
    public boolean drained() {
        return drained;
    }

    /**
     * Accepted events that were never handed on because the drain bound was hit: lost. Does not include
     * the event a downstream appender was still busy with when the bound was hit (see {@link #deliveryInFlight()}).
     */
    public long undelivered() {
        return undelivered;
    }

    /**
     * True when the drain gave up while a downstream appender was still inside the delivery of one event,
     * which may yet complete; that event is in neither {@link #undelivered()} nor the delivered count.
     */
    public boolean deliveryInFlight() {
        return deliveryInFlight;
    }

    /** How long the stop took. */
    public long elapsedMillis() {
        return elapsedMillis;
    }

    @Override
    public String toString() {
        return "StopReport[drained=" + drained + ", undelivered=" + undelivered + ", deliveryInFlight=" + deliveryInFlight
                + ", elapsedMillis=" + elapsedMillis + "]";
    }
}
