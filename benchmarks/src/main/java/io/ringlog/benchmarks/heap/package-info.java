/**
 * What an asynchronous appender's full queue holds in the heap, measured outside JMH, one JVM per setup: Ringlog's
 * two adapters (with their default byte bound, and with it off), the stock appenders of Logback and Log4j2, and
 * Log4j2's Async Loggers, each in front of a sink that stops taking events and two plain file appenders.
 *
 * <pre>
 *  producer thread ──error(msg, distinct exception)──▶ async appender / Async Loggers' ring (queue of N)
 *   (waits in Ringlog once the byte bound is reached)  │
 *                                                      │ consumer thread
 *                                                      ▼
 *                            HeldSink: holds the first event until released ──▶ then every event, counted
 *                            FILE1, FILE2: %d %level %logger - %msg%n and the stack trace
 *
 *  HeapHeld (one JVM per variant): heap after GC before the start, idle, queue full (its slots, or Ringlog's byte
 *           bound with the producer waiting); release; lossless check; Ringlog's estimate per event (AdapterEstimate)
 *  HeapReport: heap-report.md from every variant's heap-&lt;variant&gt;.properties
 * </pre>
 *
 * <p>{@code benchmarks/heap-held} runs it; the results are quoted in {@code docs/benchmarks.md}.
 */
package io.ringlog.benchmarks.heap;
