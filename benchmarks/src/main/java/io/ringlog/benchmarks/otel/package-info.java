/**
 * What a chain from an application's logging calls to an OTLP receiver loses, measured outside JMH, one JVM per run:
 * OpenTelemetry's Logback or Log4j2 appender alone (on the caller), behind Ringlog, or behind the framework's stock
 * asynchronous appender, into the OpenTelemetry SDK's batch processor and its OTLP/HTTP exporter.
 *
 * <pre>
 *  load threads (in spans) ──info──▶ [Ringlog | AsyncAppender / &lt;Async&gt; | nothing] ──▶ OpenTelemetry's appender
 *                                       │ lost in front: discarded, or left at stop                │ emit
 *                                                                                                    ▼
 *                                  BatchLogRecordProcessor (queue; full: dropped, counted by its meter only)
 *                                                                                                    │ OTLP/HTTP
 *                                                                                                    ▼
 *                                                  OtlpLogReceiver on 127.0.0.1: records counted (ExportedRecords)
 *
 *  OtelLoss (one JVM per setup and batch settings): load for N s, logging context stop, SDK shutdown; the counts
 *  OtelQueueHeld (one JVM per setup, batch settings and record shape): the exporter stalled, the queue full, the heap held
 *  OtelLossReport: otel-loss-report.md from every run's otel-loss-&lt;setup&gt;-&lt;batch&gt;.properties (and otel-queue-held-*)
 * </pre>
 *
 * <p>{@code benchmarks/otel-loss} runs it; the results are quoted in {@code docs/benchmarks.md} and
 * {@code docs/opentelemetry.md}. OpenTelemetry is not in {@code benchmarks.jar}: the script adds
 * {@code target/opentelemetry-lib} to the class path.
 */
package io.ringlog.benchmarks.otel;
