package io.ringlog.spring.boot.logging;

/** Logback: nothing under Spring Boot listens to its status messages, so the starter echoes Ringlog's reports. */
class LogbackDropSummaryTest extends DropSummaryContract {
}
