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
    private final boolean deferred;

    /** Creates a report. */
    public StopReport(boolean drained, long undelivered, boolean deliveryInFlight, long elapsedMillis) {
        this(drained, undelivered, deliveryInFlight, elapsedMillis, false);
    }

    private StopReport(boolean drained, long undelivered, boolean deliveryInFlight, long elapsedMillis, boolean deferred) {
        this.drained = drained;
        this.undelivered = undelivered;
        this.deliveryInFlight = deliveryInFlight;
        this.elapsedMillis = elapsedMillis;
        this.deferred = deferred;
    }

    /**
     * The report of a stop called on a delivering thread (a downstream appender that stops its framework): the drain
     * has not happened yet and goes on once the current delivery returns; {@code queued} events are waiting for it.
     */
    public static StopReport deferred(long queued) {
        return new StopReport(false, queued, true, 0, true);
    }

    /**
     * True when stop() was called on a delivering thread and returned without waiting: the drain goes on after the
     * current delivery; a later stop() from another thread waits for it (within the bound) and returns its report.
     */
    public boolean deferred() {
        return deferred;
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
                + ", elapsedMillis=" + elapsedMillis + (deferred ? ", deferred" : "") + "]";
    }
}
