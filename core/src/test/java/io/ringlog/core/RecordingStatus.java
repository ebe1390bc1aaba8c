package io.ringlog.core;

import io.ringlog.contract.ReportedLosses;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/** Collects what a pipeline reports through the status channel. */
final class RecordingStatus implements StatusReporter {
    final List<String> infos = new CopyOnWriteArrayList<>();
    final List<String> warnings = new CopyOnWriteArrayList<>();
    final List<String> errors = new CopyOnWriteArrayList<>();
    final List<Throwable> causes = new CopyOnWriteArrayList<>();

    @Override
    public void info(String message) {
        infos.add(message);
    }

    /** How many of the next warnings throw after they were recorded, as a broken status channel would. */
    final AtomicInteger warningsToFail = new AtomicInteger();

    @Override
    public void warn(String message) {
        warnings.add(message);
        if (warningsToFail.getAndDecrement() > 0) {
            throw new IllegalStateException("the status channel failed on a warning");
        }
    }

    /** When set, every error report throws after it was recorded, as a broken status channel would. */
    volatile boolean errorsThrow;

    @Override
    public void error(String message, Throwable cause) {
        errors.add(message);
        if (cause != null) {
            causes.add(cause);
        }
        if (errorsThrow) {
            throw new IllegalStateException("the status channel is broken too");
        }
    }

    /**
     * The drops all summaries so far report together: a drop may be summarised in the stop's report or in a
     * later one, so tests that only know the total add them up.
     */
    long reportedDrops() {
        return ReportedLosses.dropped(warnings, "test");
    }

    String allWarnings() {
        return warnings.stream().collect(Collectors.joining("\n"));
    }
}
