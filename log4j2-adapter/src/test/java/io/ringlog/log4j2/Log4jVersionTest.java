package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Log4jVersionTest {

    @Test
    void accepts217AndLater() {
        assertThat(Log4jVersion.isSupported("2.17.0")).isTrue();
        assertThat(Log4jVersion.isSupported("2.17.2")).isTrue();
        assertThat(Log4jVersion.isSupported("2.20.0")).isTrue();
        assertThat(Log4jVersion.isSupported("2.23.1")).isTrue();
        assertThat(Log4jVersion.isSupported("2.26.1")).isTrue();
        assertThat(Log4jVersion.isSupported("2.27.0-SNAPSHOT")).isTrue();
    }

    @Test
    void refusesOlderReleases() {
        assertThat(Log4jVersion.isSupported("2.16.0")).isFalse();
        assertThat(Log4jVersion.isSupported("2.14.1")).isFalse();
        assertThat(Log4jVersion.isSupported("2.0-beta9")).isFalse();
        assertThat(Log4jVersion.isSupported("1.2.17")).isFalse();
    }

    @Test
    void givesAnUnknownVersionTheBenefitOfTheDoubt() {
        assertThat(Log4jVersion.isSupported(null)).isTrue();
        assertThat(Log4jVersion.isSupported("")).isTrue();
        assertThat(Log4jVersion.isSupported("custom")).isTrue();
    }

    @Test
    void readsTheVersionOfTheLog4jOnTheClassPath() {
        String detected = Log4jVersion.detected();
        assertThat(detected).isNotNull().startsWith("2.");
        assertThat(Log4jVersion.isSupported(detected)).isTrue();
    }
}
