package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.EventLevel;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;

class LevelMappingTest {

    @Test
    void mapsStandardLevels() {
        assertThat(LevelMapping.of(Level.FATAL)).isEqualTo(EventLevel.ERROR);
        assertThat(LevelMapping.of(Level.ERROR)).isEqualTo(EventLevel.ERROR);
        assertThat(LevelMapping.of(Level.WARN)).isEqualTo(EventLevel.WARN);
        assertThat(LevelMapping.of(Level.INFO)).isEqualTo(EventLevel.INFO);
        assertThat(LevelMapping.of(Level.DEBUG)).isEqualTo(EventLevel.DEBUG);
        assertThat(LevelMapping.of(Level.TRACE)).isEqualTo(EventLevel.TRACE);
        assertThat(LevelMapping.of(Level.ALL)).isEqualTo(EventLevel.TRACE);
    }

    @Test
    void mapsCustomLevelsToTheNearestStandardLevelAtOrAboveTheirSeverity() {
        assertThat(LevelMapping.of(Level.forName("NOTICE", 350))).isEqualTo(EventLevel.INFO);
        assertThat(LevelMapping.of(Level.forName("ALERT", 250))).isEqualTo(EventLevel.WARN);
        assertThat(LevelMapping.of(Level.forName("VERBOSE", 550))).isEqualTo(EventLevel.TRACE);
        assertThat(LevelMapping.of(Level.forName("AUDIT", 300))).isEqualTo(EventLevel.WARN);
    }
}
