package io.ringlog.core;

/** What {@link AsyncPipeline#tryOffer} did with an event. */
public enum OfferOutcome {
    /** The event is in the ring and will be delivered. */
    ACCEPTED,
    /** The discarding threshold dropped it (a policy drop, counted like any other). */
    DROPPED,
    /** The ring had no room for it: nothing was counted. */
    FULL,
    /** The pipeline is not running (not started, stopping or stopped): nothing was counted. */
    CLOSED
}
