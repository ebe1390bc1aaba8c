package io.ringlog.logback;

import io.ringlog.contract.WithoutOpenTelemetryContract;

/** This module's suites run without OpenTelemetry, but for its OpenTelemetry execution. */
class WithoutOpenTelemetryTest extends WithoutOpenTelemetryContract {
}
