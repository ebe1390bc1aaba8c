package io.ringlog.benchmarks.otel;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.logs.LogRecordProcessor;
import io.opentelemetry.sdk.logs.ReadWriteLogRecord;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.data.MetricDataType;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The OpenTelemetry SDK as an application sets it up to ship logs: a {@code SdkLoggerProvider} whose
 * {@code BatchLogRecordProcessor} ({@link BatchSettings}) exports over OTLP/HTTP to {@code endpoint}. Beside it, a
 * processor that counts what reached the SDK, and the SDK's own meters read in memory for the records the batch
 * processor dropped (its queue full). Any thread.
 */
final class ExportPipeline implements AutoCloseable {
    /** The batch processor's default export timeout (30 s). */
    private static final Duration DEFAULT_EXPORTER_TIMEOUT = Duration.ofSeconds(30);
    private static final AttributeKey<Boolean> LEGACY_DROPPED = AttributeKey.booleanKey("dropped");
    private static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    private final LongAdder emitted = new LongAdder();
    private final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    private final SdkMeterProvider meterProvider = SdkMeterProvider.builder().registerMetricReader(metrics).build();
    private final OpenTelemetrySdk sdk;

    ExportPipeline(String endpoint, BatchSettings settings) {
        this(OtlpHttpLogRecordExporter.builder().setEndpoint(endpoint).build(), settings, DEFAULT_EXPORTER_TIMEOUT);
    }

    /** The same SDK exporting through {@code exporter}, its batch processor waiting up to {@code exporterTimeout} per export. */
    ExportPipeline(LogRecordExporter exporter, BatchSettings settings, Duration exporterTimeout) {
        LogRecordProcessor counting = new LogRecordProcessor() {
            @Override
            public void onEmit(Context context, ReadWriteLogRecord logRecord) {
                emitted.increment();
            }
        };
        sdk = OpenTelemetrySdk.builder()
                .setLoggerProvider(SdkLoggerProvider.builder().addLogRecordProcessor(counting)
                        .addLogRecordProcessor(settings.builder(exporter).setExporterTimeout(exporterTimeout)
                                .setMeterProvider(meterProvider).build()).build())
                .build();
    }

    /** The SDK, for OpenTelemetry's appenders. */
    OpenTelemetrySdk sdk() {
        return sdk;
    }

    /** Records that reached the SDK (OpenTelemetry's appender emitted them). */
    long emitted() {
        return emitted.sum();
    }

    /** Records the batch processor dropped so far, by its own meter ({@code processedLogs} with {@code dropped=true}). */
    long dropped() {
        long dropped = 0;
        for (MetricData metric : metrics.collectAllMetrics()) {
            if (metric.getType() != MetricDataType.LONG_SUM) {
                continue;
            }
            for (LongPointData point : metric.getLongSumData().getPoints()) {
                Attributes attributes = point.getAttributes();
                if (Boolean.TRUE.equals(attributes.get(LEGACY_DROPPED)) || attributes.get(ERROR_TYPE) != null) {
                    dropped += point.getValue();
                }
            }
        }
        return dropped;
    }

    /** Exports what the batch processor holds, within {@code seconds}; true if it did. */
    boolean flush(long seconds) {
        return sdk.getSdkLoggerProvider().forceFlush().join(seconds, TimeUnit.SECONDS).isSuccess();
    }

    /** Shuts the logger provider down: the batch processor exports what it holds, within {@code seconds}. */
    boolean shutdown(long seconds) {
        return sdk.getSdkLoggerProvider().shutdown().join(seconds, TimeUnit.SECONDS).isSuccess();
    }

    @Override
    public void close() {
        sdk.close();
        meterProvider.close();
    }
}
