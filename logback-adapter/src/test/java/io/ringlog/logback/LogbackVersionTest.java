package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogbackVersionTest {

    @Test
    void acceptsTheSlf4j2LinesAndLater() {
        assertThat(LogbackVersion.isSupported("1.3.0")).isTrue();
        assertThat(LogbackVersion.isSupported("1.3.0-alpha4")).isTrue();
        assertThat(LogbackVersion.isSupported("1.3.16")).isTrue();
        assertThat(LogbackVersion.isSupported("1.4.14")).isTrue();
        assertThat(LogbackVersion.isSupported("1.5.38")).isTrue();
        assertThat(LogbackVersion.isSupported("1.6.6")).isTrue();
        assertThat(LogbackVersion.isSupported("1.10.0")).isTrue();
        assertThat(LogbackVersion.isSupported("2.0.0-SNAPSHOT")).isTrue();
    }

    @Test
    void refusesTheSlf4j17Lines() {
        assertThat(LogbackVersion.isSupported("1.2.13")).isFalse();
        assertThat(LogbackVersion.isSupported("1.2.4-groovyless")).isFalse();
        assertThat(LogbackVersion.isSupported("1.1.11")).isFalse();
        assertThat(LogbackVersion.isSupported("0.9.30")).isFalse();
    }

    @Test
    void givesAnUnknownVersionTheBenefitOfTheDoubt() {
        assertThat(LogbackVersion.isSupported(null)).isTrue();
        assertThat(LogbackVersion.isSupported("")).isTrue();
        assertThat(LogbackVersion.isSupported("custom")).isTrue();
        assertThat(LogbackVersion.isSupported("1.x")).isTrue();
    }

    @Test
    void readsTheVersionOfTheLogbackOnTheClassPath() {
        String detected = LogbackVersion.detected();
        assertThat(detected).isNotNull();
        assertThat(LogbackVersion.isSupported(detected)).isTrue();
        assertThat(LogbackVersion.isSupportedOnClassPath()).isTrue();
    }
}
