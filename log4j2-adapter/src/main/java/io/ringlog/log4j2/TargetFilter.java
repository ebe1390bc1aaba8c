package io.ringlog.log4j2;

import java.util.Set;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.filter.CompositeFilter;
import org.apache.logging.log4j.core.filter.Filterable;

/**
 * What one target of {@code <RingAsync>} does with an event, decided on the caller's thread exactly as the target's
 * {@code AppenderControl} will decide it on the consumer: the {@code <AppenderRef>}'s {@code level} and filter, then the
 * target appender's own filter. Only filters whose decision is a pure function of the event's level and marker and of
 * their own immutable configuration are decided here ({@link #DECIDED_ON_CALLER}, exactly those classes, and a
 * {@link CompositeFilter} of them): evaluating them twice changes nothing and costs no more than a comparison. Every
 * other filter (a stateful {@code BurstFilter}, which must see each event once; a {@code RegexFilter} or
 * {@code ScriptFilter}, costly or with side effects; the thread-context filters) leaves the decision to the consumer.
 * The consumer still runs every filter, so an event taken here may still be refused there, never the reverse. A target
 * whose filter is replaced while the appender runs is offered every event until the next start. Immutable; any thread
 * (Log4j2 filters are thread-safe by contract: {@code AppenderControl} calls them concurrently).
 */
final class TargetFilter {

    /** The filters decided on the caller, by class name: {@code NoMarkerFilter} is not in every supported log4j-core. */
    static final Set<String> DECIDED_ON_CALLER = Set.of(
            "org.apache.logging.log4j.core.filter.ThresholdFilter",
            "org.apache.logging.log4j.core.filter.LevelRangeFilter",
            "org.apache.logging.log4j.core.filter.LevelMatchFilter",
            "org.apache.logging.log4j.core.filter.MarkerFilter",
            "org.apache.logging.log4j.core.filter.NoMarkerFilter",
            "org.apache.logging.log4j.core.filter.DenyAllFilter");

    private final Level refLevel;
    private final Filter refFilter;
    private final Filterable appender;
    private final Filter appenderFilter;

    private TargetFilter(Level refLevel, Filter refFilter, Filterable appender, Filter appenderFilter) {
        this.refLevel = refLevel;
        this.refFilter = refFilter;
        this.appender = appender;
        this.appenderFilter = appenderFilter;
    }

    /**
     * The decision of {@code target} reached through {@code ref}; null when some filter on the way cannot be decided on
     * the caller, or when nothing filters (the target takes every event).
     */
    static TargetFilter of(AppenderRef ref, Appender target) {
        Filter ownFilter = target instanceof Filterable ? ((Filterable) target).getFilter() : null;
        if (ref.getLevel() == null && ref.getFilter() == null && ownFilter == null) {
            return null;
        }
        if (!isDecidedOnCaller(ref.getFilter()) || !isDecidedOnCaller(ownFilter)) {
            return null;
        }
        return new TargetFilter(ref.getLevel(), ref.getFilter(), ownFilter == null ? null : (Filterable) target, ownFilter);
    }

    /** Whether the caller can decide {@code filter} (null: there is none to decide). */
    static boolean isDecidedOnCaller(Filter filter) {
        if (filter == null) {
            return true;
        }
        if (filter.getClass() == CompositeFilter.class) {
            for (Filter part : ((CompositeFilter) filter).getFiltersArray()) {
                if (!isDecidedOnCaller(part)) {
                    return false;
                }
            }
            return true;
        }
        return DECIDED_ON_CALLER.contains(filter.getClass().getName());
    }

    /** Whether the target takes {@code event}, as far as the caller can tell: false only if it would refuse it. Allocates nothing. */
    boolean takes(LogEvent event) {
        if (refLevel != null && refLevel.intLevel() < event.getLevel().intLevel()) {
            return false;
        }
        if (refFilter != null && refFilter.filter(event) == Filter.Result.DENY) {
            return false;
        }
        if (appenderFilter == null || appender.getFilter() != appenderFilter) {
            return true; // no filter of its own, or one replaced since the start: the consumer decides
        }
        return appenderFilter.filter(event) != Filter.Result.DENY;
    }
}
