package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringlog.core.CallerContext;
import org.junit.jupiter.api.Test;

/**
 * This module's suites, but for its OpenTelemetry execution, run without OpenTelemetry on the class path, as most
 * applications do: every other test then shows the adapter loading and logging without it, carrying no context.
 */
class WithoutOpenTelemetryTest {

    @Test
    void openTelemetryIsAbsentAndNothingIsCarried() {
        assertThatThrownBy(() -> Class.forName("io.opentelemetry.context.Context")).isInstanceOf(ClassNotFoundException.class);
        assertThat(CallerContext.ON_CLASS_PATH).hasToString("no OpenTelemetry");
        assertThat(CallerContext.ON_CLASS_PATH.capture()).isNull();
    }
}
