package io.ringlog.log4j2;

import java.util.List;
import org.apache.logging.log4j.core.LogEvent;

/**
 * Decides on the caller's thread, before a slot is claimed and before the message is formatted, whether any target of
 * one {@link RingAsyncAppender} run takes an event: when every target has a decision the caller can reach
 * ({@link TargetFilter}) and each refuses the event, it takes no slot, makes no caller wait and is counted nowhere,
 * as the targets' filters refusing it would in synchronous logging (Spring Boot's {@code logging.threshold.console}
 * under an INFO flood). Such an event would not reach {@code errorRef} either: a target that filters an event out has
 * taken it, as far as {@code <Async>}'s dispatch is concerned. Fixed when the appender starts. Immutable; any thread.
 */
final class TargetsFilter {

    /** Every event is offered: some target takes every event, or decides on the consumer only. */
    static final TargetsFilter OFFER_ALL = new TargetsFilter(new TargetFilter[0]);

    private final TargetFilter[] targets;

    private TargetsFilter(TargetFilter[] targets) {
        this.targets = targets;
    }

    /** For these targets' decisions, one per target (null: decided on the consumer only, or takes every event). */
    static TargetsFilter of(List<TargetFilter> decisions) {
        for (TargetFilter decision : decisions) {
            if (decision == null) {
                return OFFER_ALL;
            }
        }
        return new TargetsFilter(decisions.toArray(new TargetFilter[0]));
    }

    /** True if every target refuses {@code event}. Allocates nothing. */
    boolean refusedByEveryTarget(LogEvent event) {
        if (targets.length == 0) {
            return false;
        }
        for (TargetFilter target : targets) {
            if (target.takes(event)) {
                return false;
            }
        }
        return true;
    }
}
