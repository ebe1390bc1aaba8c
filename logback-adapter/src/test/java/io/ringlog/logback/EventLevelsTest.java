package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import io.ringlog.core.EventLevel;
import org.junit.jupiter.api.Test;

class EventLevelsTest {

    @Test
    void mapsEveryLogbackLevel() {
        assertThat(EventLevels.of(Level.TRACE)).isEqualTo(EventLevel.TRACE);
        assertThat(EventLevels.of(Level.DEBUG)).isEqualTo(EventLevel.DEBUG);
        assertThat(EventLevels.of(Level.INFO)).isEqualTo(EventLevel.INFO);
        assertThat(EventLevels.of(Level.WARN)).isEqualTo(EventLevel.WARN);
        assertThat(EventLevels.of(Level.ERROR)).isEqualTo(EventLevel.ERROR);
        assertThat(EventLevels.of(Level.toLevel(Level.ALL_INT))).isEqualTo(EventLevel.TRACE);
        assertThat(EventLevels.of(Level.OFF)).isEqualTo(EventLevel.ERROR);
    }
}
