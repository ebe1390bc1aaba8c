package io.ringlog.examples.logback;

import io.ringlog.examples.testing.GracefulShutdownContract;

class LogbackGracefulShutdownIT extends GracefulShutdownContract {
}
