/**
 * Reproductions, outside JMH, of what the benchmark runs found in other libraries: small programs a maintainer of
 * that library can run from {@code benchmarks/target/benchmarks.jar} to see the defect for themselves.
 */
package io.ringlog.benchmarks.findings;
