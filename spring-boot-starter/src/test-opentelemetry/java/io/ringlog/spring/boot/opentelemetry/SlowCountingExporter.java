package io.ringlog.spring.boot.opentelemetry;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Counts the records exported per instrumentation scope (the logger's name), taking {@code delayMicros} per record as
 * a remote exporter does; unlike OpenTelemetry's in-memory exporter it keeps its counts after the SDK shut down.
 */
public final class SlowCountingExporter implements LogRecordExporter {
    private final long delayNanos;
    private final Map<String, LongAdder> byLogger = new ConcurrentHashMap<>();

    SlowCountingExporter(long delayMicros) {
        this.delayNanos = TimeUnit.MICROSECONDS.toNanos(delayMicros);
    }

    @Override
    public CompletableResultCode export(Collection<LogRecordData> logs) {
        for (LogRecordData record : logs) {
            if (delayNanos > 0) {
                LockSupport.parkNanos(delayNanos);
            }
            byLogger.computeIfAbsent(record.getInstrumentationScopeInfo().getName(), name -> new LongAdder()).increment();
        }
        return CompletableResultCode.ofSuccess();
    }

    /** The records exported so far from the logger {@code name}. */
    public long exported(String name) {
        LongAdder count = byLogger.get(name);
        return count == null ? 0 : count.sum();
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
