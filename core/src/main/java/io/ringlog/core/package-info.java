/**
 * Ringlog's framework-agnostic pipeline: many caller threads hand events to one consumer thread through a
 * pre-allocated ring, which delivers them in order, in batches, to the downstream appenders.
 *
 * <pre>
 *  caller threads                      ring (capacity 2^n, pre-allocated slots)        consumer "ringlog-&lt;name&gt;"
 *  ──────────────                      ────────────────────────────────────────        ─────────────────────────
 *  offer(level, event, writer)
 *    ├─ stopped? ───────────────► drop + count
 *    ├─ free ≤ discardingThreshold
 *    │   and below WARN? ───────► drop + count
 *    ├─ tryNext() ─ claimed ────► writer copies the event ─► publish ──────►  take every published slot
 *    │                                                                        (≤ maxBatchSize), in order
 *    └─ full ─► policy                                                              │
 *         BLOCK / WARN+ under DROP_BELOW_WARN:                                      ▼
 *           spin briefly, then park on the gate ◄── signal when slots freed ──  EventSink.deliver(slot,
 *           (until a slot, the block bound, or stop)                              endOfBatch = last || ERROR)
 *         DROP_ALL / below WARN under DROP_BELOW_WARN:                              │  throws? count failed,
 *           drop + count                                                            │  report, go on
 *                                                                                   ▼
 *                                                                            clear slot, release it
 *  stop(): no new callers ─► consumer drains (blocked callers still get in) ─► closes ─► ends
 *          bound hit ─► abandoned: the undelivered count is reported          JVM exit: the same drain
 * </pre>
 *
 * <p>Entry points: {@link io.ringlog.core.AsyncPipeline} (created with {@link io.ringlog.core.PipelineSettings}),
 * {@link io.ringlog.core.EventSink} and {@link io.ringlog.core.SlotWriter} for the adapter's two ends,
 * {@link io.ringlog.core.StatusReporter} for the framework's status channel,
 * {@link io.ringlog.core.PipelineStats} / {@link io.ringlog.core.AsyncAppenderMBeans} for observation,
 * {@link io.ringlog.core.LiveAppenders} for the started appenders of both frameworks (what monitoring lists),
 * {@link io.ringlog.core.CallerContext} for carrying the caller's OpenTelemetry context to the consumer (if present), and
 * {@link io.ringlog.core.ReleaseVersion} for refusing a framework release an adapter cannot run on.
 * No type of the LMAX Disruptor appears here: it is shaded into {@code io.ringlog.core.internal}.
 */
package io.ringlog.core;
