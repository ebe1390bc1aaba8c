/**
 * The one-command comparison: {@link io.ringlog.benchmarks.report.Compare} runs the JMH benchmarks through
 * JMH's Runner API in a chosen {@link io.ringlog.benchmarks.report.Plan} (smoke, quick, full), keeps the raw JSON,
 * and renders {@code report.md} with PNG charts ({@link io.ringlog.benchmarks.report.Report}, {@link io.ringlog.benchmarks.report.Charts}).
 *
 * <pre>
 *  Compare ──Runner(opts)──▶ forked JVM per trial ──▶ jmh-*.json ─┐
 *     │  │                       └── its own output ──▶ TrialLog ─▶ jmh-*.log   (the console: Progress, a line per trial)
 *     │  └── re-runs a stage StageTrust distrusts     ├─▶ Results ─▶ Report ─▶ report.md (Verdict: StageTrust's findings)
 *     └── run.properties (mode, command, environment) ──────────┘              └─▶ Charts ─▶ *.png
 * </pre>
 *
 * {@link io.ringlog.benchmarks.report.ServiceReport} renders {@code service-report.md} from the HTTP runs of the
 * example services that the script {@code benchmarks/service} drives with wrk ({@link io.ringlog.benchmarks.report.WrkOutput}).
 */
package io.ringlog.benchmarks.report;
