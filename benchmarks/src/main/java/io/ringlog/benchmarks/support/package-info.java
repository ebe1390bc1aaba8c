/**
 * Framework-neutral pieces of the benchmark harness.
 *
 * <pre>
 *  JMH worker threads ──log()──▶ {@link io.ringlog.benchmarks.support.LogTarget} (one contender, one sink)
 *                                      │ Logback LoggerContext or Log4j2 LoggerContext, loaded from XML
 *                                      ▼
 *                          contender (sync / stock async / Ringlog ...)
 *                                      ▼
 *                          sink: counting no-op, file, slow (spinning) or stalled (parking)
 *                                      │ counts into {@link io.ringlog.benchmarks.support.SinkCounters}
 *  trial tear-down: stop the context (drains), compare delivered with logged ({@link io.ringlog.benchmarks.support.Delivery}),
 *  publish side results that {@link io.ringlog.benchmarks.support.SideResultsProfiler} hands to JMH's JSON.
 * </pre>
 *
 * <p>Every JMH trial runs in its own forked JVM, so the static state here belongs to exactly one contender.
 */
package io.ringlog.benchmarks.support;
