package io.ringlog.spring.boot.logging.log4j2;

import io.ringlog.spring.boot.logging.StartupFailureContract;

/** Log4j2. */
class Log4j2StartupFailureTest extends StartupFailureContract {
}
