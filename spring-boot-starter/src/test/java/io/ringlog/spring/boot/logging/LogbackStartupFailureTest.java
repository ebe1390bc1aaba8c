package io.ringlog.spring.boot.logging;

/** Logback. */
class LogbackStartupFailureTest extends StartupFailureContract {
}
