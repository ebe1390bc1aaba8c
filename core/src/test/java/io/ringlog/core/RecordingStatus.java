package io.ringlog.core;

import io.ringlog.contract.ReportedLosses;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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

    @Override
    public void warn(String message) {
        warnings.add(message);
    }

    @Override
    public void error(String message, Throwable cause) {
        errors.add(message);
        if (cause != null) {
            causes.add(cause);
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
