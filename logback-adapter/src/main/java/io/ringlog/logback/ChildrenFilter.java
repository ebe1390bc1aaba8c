package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

/**
 * Decides on the caller's thread, before a slot is claimed, whether any child of one {@link RingAsyncAppender} run
 * takes an event: when every child has filters decided on the caller ({@link CallerFilter}) and each refuses it, the
 * event takes no slot and is counted nowhere, as the children's filters refusing it would in synchronous logging.
 * Fixed when the appender starts: once the children attached change, every event is offered. Immutable; any thread.
 */
final class ChildrenFilter {

    /** Every event is offered: some child takes every event, or decides on the consumer only. */
    static final ChildrenFilter OFFER_ALL = new ChildrenFilter(null, new CallerFilter[0]);

    /** The children it was built for: the snapshot array, whose identity changes when the children change. */
    private final Appender<ILoggingEvent>[] planned;
    private final CallerFilter[] filters;

    private ChildrenFilter(Appender<ILoggingEvent>[] planned, CallerFilter[] filters) {
        this.planned = planned;
        this.filters = filters;
    }

    /** For the children {@code snapshot}: {@link #OFFER_ALL} unless each has filters that the caller decides. */
    static ChildrenFilter of(Appender<ILoggingEvent>[] snapshot) {
        CallerFilter[] filters = new CallerFilter[snapshot.length];
        for (int i = 0; i < snapshot.length; i++) {
            CallerFilter filter = CallerFilter.of(snapshot[i]);
            if (filter == null || filter.takesAll()) {
                return OFFER_ALL;
            }
            filters[i] = filter;
        }
        return snapshot.length == 0 ? OFFER_ALL : new ChildrenFilter(snapshot, filters);
    }

    /** True if every child refuses {@code event}; {@code children} gives the current ones. Allocates nothing. */
    boolean refusedByEveryChild(ILoggingEvent event, ChildAppenders children) {
        if (planned == null || children.snapshot() != planned) {
            return false;
        }
        for (CallerFilter filter : filters) {
            if (filter.takes(event)) {
                return false;
            }
        }
        return true;
    }
}
