/**
 * Micrometer meters for Ringlog: {@link io.ringlog.micrometer.RinglogMetrics}, a {@code MeterBinder} for every live
 * Ringlog appender of Logback and Log4j2, found through {@link io.ringlog.core.LiveAppenders} (no framework type is
 * needed here).
 *
 * <pre>
 *  adapter start() ─► LiveAppenders.register ─► listener ─► identity (framework, context, appender)
 *                                                              ├─ AppenderTally: retired totals + live pipelines
 *                                                              └─ meters, registered while one appender is live
 *  adapter stop()  ─► registration.close()   ─► listener ─► final counts retired; last one gone: meters removed
 * </pre>
 *
 * Compiled for Java 11, like the adapters; Micrometer is a provided dependency.
 */
package io.ringlog.micrometer;
