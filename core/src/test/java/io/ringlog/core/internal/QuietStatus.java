package io.ringlog.core.internal;

import io.ringlog.core.StatusReporter;

/** A status channel that ignores what it is told, for tests that count deliveries and drops themselves. */
enum QuietStatus implements StatusReporter {
    INSTANCE;

    @Override
    public void info(String message) {
    }

    @Override
    public void warn(String message) {
    }

    @Override
    public void error(String message, Throwable cause) {
    }
}
