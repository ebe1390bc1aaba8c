package io.ringlog.spring.boot.logging;

/** Logback: Spring Boot's console {@code ThresholdFilter}, decided on the caller. */
class LogbackThresholdBeforeTheRingTest extends ThresholdBeforeTheRingContract {
}
