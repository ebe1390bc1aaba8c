/**
 * The one-command comparison: {@link io.ringlog.benchmarks.report.Compare} runs the JMH benchmarks through
 * JMH's Runner API in a chosen {@link io.ringlog.benchmarks.report.Plan} (smoke, quick, full), keeps the raw JSON,
 * and renders {@code report.md} with PNG charts ({@link io.ringlog.benchmarks.report.Report}, {@link io.ringlog.benchmarks.report.Charts}).
 *
 * <pre>
 *  Compare ──Runner(opts)──▶ forked JVM per trial ──▶ jmh-*.json ─┐
 *     │                                                         ├─▶ Results ─▶ Report ─▶ report.md
 *     └── run.properties (mode, command, environment) ──────────┘              └─▶ Charts ─▶ *.png
 * </pre>
 */
package io.ringlog.benchmarks.report;
