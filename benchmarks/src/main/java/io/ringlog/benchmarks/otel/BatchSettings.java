package io.ringlog.benchmarks.otel;

import io.opentelemetry.sdk.logs.export.BatchLogRecordProcessor;
import io.opentelemetry.sdk.logs.export.BatchLogRecordProcessorBuilder;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import java.time.Duration;
import java.util.Locale;

/** The settings of OpenTelemetry's {@link BatchLogRecordProcessor} a run exports through. */
enum BatchSettings {
    /** OpenTelemetry's defaults: a queue of 2,048 records, batches of 512, exported every second. */
    DEFAULTS(2_048, 512, Duration.ofSeconds(1)),
    /** A queue of 65,536 records, batches of 8,192, exported every 200 ms. */
    LARGE(65_536, 8_192, Duration.ofMillis(200));

    final int maxQueueSize;
    final int maxExportBatchSize;
    final Duration scheduleDelay;

    BatchSettings(int maxQueueSize, int maxExportBatchSize, Duration scheduleDelay) {
        this.maxQueueSize = maxQueueSize;
        this.maxExportBatchSize = maxExportBatchSize;
        this.scheduleDelay = scheduleDelay;
    }

    /** The name on the command line and in the report ({@code defaults}). */
    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The settings in the report's words. */
    String describe() {
        return String.format(Locale.ROOT, "maxQueueSize %,d, maxExportBatchSize %,d, scheduleDelay %d ms", maxQueueSize,
                maxExportBatchSize, scheduleDelay.toMillis());
    }

    BatchLogRecordProcessorBuilder builder(LogRecordExporter exporter) {
        return BatchLogRecordProcessor.builder(exporter).setMaxQueueSize(maxQueueSize).setMaxExportBatchSize(maxExportBatchSize)
                .setScheduleDelay(scheduleDelay);
    }

    static BatchSettings of(String id) {
        for (BatchSettings settings : values()) {
            if (settings.id().equals(id)) {
                return settings;
            }
        }
        throw new IllegalArgumentException("unknown batch settings " + id + " (defaults or large)");
    }
}
