package io.ringlog.examples.log4j2;

import io.ringlog.examples.testing.GracefulShutdownContract;

class Log4j2GracefulShutdownIT extends GracefulShutdownContract {
}
