package io.ringlog.contract;

import io.ringlog.core.EventLevel;

/** A framework's logger at any level: {@code {}} placeholders are filled from {@code args}. */
@FunctionalInterface
public interface LevelLogger {
    void log(EventLevel level, String message, Object... args);
}
