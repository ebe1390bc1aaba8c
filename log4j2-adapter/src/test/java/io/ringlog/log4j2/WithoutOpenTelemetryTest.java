package io.ringlog.log4j2;

import io.ringlog.contract.WithoutOpenTelemetryContract;

/** This module's suites run without OpenTelemetry, but for its OpenTelemetry execution. */
class WithoutOpenTelemetryTest extends WithoutOpenTelemetryContract {
}
