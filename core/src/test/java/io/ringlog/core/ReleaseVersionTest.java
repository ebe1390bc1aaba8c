package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReleaseVersionTest {

    @Test
    void comparesMajorThenMinorAndIgnoresTheRest() {
        assertThat(ReleaseVersion.isAtLeast("1.3.0", 1, 3)).isTrue();
        assertThat(ReleaseVersion.isAtLeast("1.3.0-alpha4", 1, 3)).isTrue();
        assertThat(ReleaseVersion.isAtLeast("1.10.0", 1, 3)).isTrue();
        assertThat(ReleaseVersion.isAtLeast("2.0.0-SNAPSHOT", 1, 3)).isTrue();
        assertThat(ReleaseVersion.isAtLeast("1.2.13", 1, 3)).isFalse();
        assertThat(ReleaseVersion.isAtLeast("0.9.30", 1, 3)).isFalse();
        assertThat(ReleaseVersion.isAtLeast("2.0-beta9", 2, 17)).isFalse();
        assertThat(ReleaseVersion.isAtLeast(" 2.17.2 ", 2, 17)).isTrue();
    }

    @Test
    void givesAnUnknownVersionTheBenefitOfTheDoubt() {
        assertThat(ReleaseVersion.isAtLeast(null, 1, 3)).isTrue();
        assertThat(ReleaseVersion.isAtLeast("", 1, 3)).isTrue();
        assertThat(ReleaseVersion.isAtLeast("custom", 1, 3)).isTrue();
        assertThat(ReleaseVersion.isAtLeast("1.x", 1, 3)).isTrue();
    }
}
