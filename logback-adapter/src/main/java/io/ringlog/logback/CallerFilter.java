package io.ringlog.logback;

import ch.qos.logback.classic.filter.LevelFilter;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.List;

/**
 * A child's own filters, when the caller's thread can decide them exactly as the child will: Logback's
 * {@link ThresholdFilter} and {@link LevelFilter} (exactly those classes), which read only the event's level and
 * their own configuration. {@link #takes} follows Logback's filter chain: the first {@code DENY} refuses, the first
 * {@code ACCEPT} takes, and an event no filter decides is taken. The child's {@code doAppend} still runs its filters
 * on the consumer, so a child whose filters change while the appender runs is never given an event they refuse; an
 * event refused here is not offered to it. Filters attached or removed while the appender runs are picked up at its
 * next start. Immutable; any thread (the two filters only read their fields).
 */
final class CallerFilter {

    /** A child without a filter: it takes every event. */
    static final CallerFilter TAKES_ALL = new CallerFilter(noFilters());

    private final Filter<ILoggingEvent>[] filters;

    private CallerFilter(Filter<ILoggingEvent>[] filters) {
        this.filters = filters;
    }

    /** The filter of {@code child} decided on the caller, or null if one of its filters cannot be decided there. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static CallerFilter of(Appender<ILoggingEvent> child) {
        List<Filter<ILoggingEvent>> attached = child.getCopyOfAttachedFiltersList();
        if (attached.isEmpty()) {
            return TAKES_ALL;
        }
        for (Filter<ILoggingEvent> filter : attached) {
            if (!isDecidedOnCaller(filter)) {
                return null;
            }
        }
        return new CallerFilter(attached.toArray(new Filter[0]));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Filter<ILoggingEvent>[] noFilters() {
        return new Filter[0];
    }

    /** Whether the caller can decide {@code filter}: exactly Logback's level filters, whose decision reads the level only. */
    static boolean isDecidedOnCaller(Filter<ILoggingEvent> filter) {
        return filter.getClass() == ThresholdFilter.class || filter.getClass() == LevelFilter.class;
    }

    /** Whether the child takes {@code event}: its filter chain does not deny it. Allocates nothing. */
    boolean takes(ILoggingEvent event) {
        for (Filter<ILoggingEvent> filter : filters) {
            FilterReply reply = filter.decide(event);
            if (reply == FilterReply.DENY) {
                return false;
            }
            if (reply == FilterReply.ACCEPT) {
                return true;
            }
        }
        return true;
    }

    /** Whether this filter takes every event (the child has none). */
    boolean takesAll() {
        return filters.length == 0;
    }
}
