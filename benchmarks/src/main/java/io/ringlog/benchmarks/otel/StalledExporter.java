package io.ringlog.benchmarks.otel;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import java.util.Collection;

/**
 * An exporter that exports at once until {@link #stall()}, and from then on answers no export (as a collector that
 * does not respond): the batch processor's worker waits in its export, holding that batch, and its queue fills.
 * {@link #release()} and {@link #shutdown()} answer the waiting export. Any thread.
 */
final class StalledExporter implements LogRecordExporter {
    private final CompletableResultCode pending = new CompletableResultCode();
    private volatile boolean stalled;
    private volatile int stalledBatch = -1;

    /** From now on, exports are not answered. */
    void stall() {
        stalled = true;
    }

    /** The size of the batch the worker waits on, or -1 while none waits. */
    int stalledBatch() {
        return stalledBatch;
    }

    /** Answers the waiting export, and exports at once again. */
    void release() {
        stalled = false;
        pending.succeed();
    }

    @Override
    public CompletableResultCode export(Collection<LogRecordData> logs) {
        if (!stalled) {
            return CompletableResultCode.ofSuccess();
        }
        stalledBatch = logs.size();
        return pending;
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        pending.succeed();
        return CompletableResultCode.ofSuccess();
    }
}
