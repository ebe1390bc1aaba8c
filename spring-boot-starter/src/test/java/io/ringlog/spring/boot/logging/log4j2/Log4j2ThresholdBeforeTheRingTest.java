package io.ringlog.spring.boot.logging.log4j2;

import io.ringlog.spring.boot.logging.ThresholdBeforeTheRingContract;

/** Log4j2: the {@code ThresholdFilter} inside Spring Boot's {@code Console}, decided on the caller. */
class Log4j2ThresholdBeforeTheRingTest extends ThresholdBeforeTheRingContract {
}
