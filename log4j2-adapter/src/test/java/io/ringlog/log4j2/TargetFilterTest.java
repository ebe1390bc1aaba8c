package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.filter.AbstractFilter;
import org.apache.logging.log4j.core.filter.BurstFilter;
import org.apache.logging.log4j.core.filter.CompositeFilter;
import org.apache.logging.log4j.core.filter.LevelRangeFilter;
import org.apache.logging.log4j.core.filter.ThresholdFilter;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.message.SimpleMessage;
import org.junit.jupiter.api.Test;

/** Which targets' decisions the caller reaches, and that they are the targets' own. */
class TargetFilterTest {
    private static final Filter WARN_THRESHOLD = ThresholdFilter.createFilter(Level.WARN, Filter.Result.NEUTRAL, Filter.Result.DENY);

    @Test
    void bootsThresholdInsideTheTargetIsDecidedOnTheCaller() {
        TargetFilter console = TargetFilter.of(ref(null), target(CompositeFilter.createFilters(WARN_THRESHOLD)));
        assertThat(console).isNotNull();
        assertThat(console.takes(event(Level.INFO))).isFalse();
        assertThat(console.takes(event(Level.WARN))).isTrue();
        assertThat(console.takes(event(Level.ERROR))).isTrue();
    }

    @Test
    void theAppenderRefsLevelAndFilterAreDecidedOnTheCaller() {
        assertThat(TargetFilter.of(AppenderRef.createAppenderRef("t", Level.WARN, null), target(null)).takes(event(Level.INFO))).isFalse();
        Filter infoToWarn = LevelRangeFilter.createFilter(Level.WARN, Level.INFO, Filter.Result.NEUTRAL, Filter.Result.DENY);
        TargetFilter ranged = TargetFilter.of(AppenderRef.createAppenderRef("t", null, infoToWarn), target(null));
        assertThat(ranged.takes(event(Level.DEBUG))).isFalse();
        assertThat(ranged.takes(event(Level.INFO))).isTrue();
        assertThat(ranged.takes(event(Level.ERROR))).isFalse();
    }

    @Test
    void statefulOrCostlyFiltersAreLeftToTheConsumer() {
        Filter burst = BurstFilter.newBuilder().setLevel(Level.WARN).setRate(1).setMaxBurst(1).build();
        Filter custom = new AbstractFilter() { };
        assertThat(TargetFilter.of(ref(null), target(burst))).as("BurstFilter").isNull();
        assertThat(TargetFilter.of(ref(custom), target(WARN_THRESHOLD))).as("a filter of the application's own on the ref").isNull();
        assertThat(TargetFilter.of(ref(null), target(CompositeFilter.createFilters(WARN_THRESHOLD, burst))))
                .as("a composite with a BurstFilter").isNull();
        assertThat(TargetFilter.of(ref(null), target(null))).as("no filter: takes every event").isNull();
    }

    @Test
    void aFilterReplacedWhileRunningLeavesTheDecisionToTheConsumer() {
        ConsoleAppender target = target(WARN_THRESHOLD);
        TargetFilter console = TargetFilter.of(ref(null), target);
        target.removeFilter(WARN_THRESHOLD);
        assertThat(console.takes(event(Level.INFO))).isTrue();
    }

    @Test
    void everyEventIsOfferedUnlessEveryTargetRefusesIt() {
        TargetFilter warnOnly = TargetFilter.of(ref(null), target(WARN_THRESHOLD));
        assertThat(TargetsFilter.of(java.util.List.of(warnOnly, warnOnly)).refusedByEveryTarget(event(Level.INFO))).isTrue();
        assertThat(TargetsFilter.of(java.util.Arrays.asList(warnOnly, null)).refusedByEveryTarget(event(Level.INFO))).isFalse();
        assertThat(TargetsFilter.of(java.util.List.of(warnOnly)).refusedByEveryTarget(event(Level.WARN))).isFalse();
    }

    private static AppenderRef ref(Filter filter) {
        return AppenderRef.createAppenderRef("t", null, filter);
    }

    private static ConsoleAppender target(Filter filter) {
        return ConsoleAppender.newBuilder().setName("t").setFilter(filter).build();
    }

    private static LogEvent event(Level level) {
        return Log4jLogEvent.newBuilder().setLevel(level).setMessage(new SimpleMessage("m")).build();
    }
}
