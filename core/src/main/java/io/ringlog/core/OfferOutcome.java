package io.ringlog.core;

/** What {@link AsyncPipeline#tryOffer} or {@link AsyncPipeline#offerWhileRunning} did with an event. */
public enum OfferOutcome {
    /** The event is in the ring and will be delivered. */
    ACCEPTED,
    /** The policy dropped it (discarding threshold, full ring, block bound): counted like any other drop. */
    DROPPED,
    /** The ring had no room for it: nothing was counted. */
    FULL,
    /** The pipeline is not running (not started, stopping or stopped): nothing was counted. */
    CLOSED
}
