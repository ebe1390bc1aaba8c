package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringlog.core.CallerContext;
import org.junit.jupiter.api.Test;

/**
 * An adapter's suites, but for its OpenTelemetry execution, run without OpenTelemetry on the class path, as most
 * applications do: every other test of the module then shows the adapter loading and logging without it, carrying no
 * context. Subclassed once per adapter, whose build keeps OpenTelemetry off those class paths.
 */
public abstract class WithoutOpenTelemetryContract {

    @Test
    void openTelemetryIsAbsentAndNothingIsCarried() {
        assertThatThrownBy(() -> Class.forName("io.opentelemetry.context.Context")).isInstanceOf(ClassNotFoundException.class);
        assertThat(CallerContext.ON_CLASS_PATH).hasToString("no OpenTelemetry");
        assertThat(CallerContext.ON_CLASS_PATH.capture()).isNull();
    }
}
