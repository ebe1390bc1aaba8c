/**
 * The Log4j2 plugin {@code <RingAsync>}: a drop-in replacement for Log4j2's {@code <Async>} appender built on the
 * Ringlog pipeline. Found by plugin discovery (the jar carries {@code Log4j2Plugins.dat}); no {@code packages}
 * attribute is needed.
 *
 * <pre>
 *  caller threads                       ringlog-&lt;name&gt; (consumer)          target appenders
 *  ──────────────                       ──────────────────────────          ────────────────
 *  Logger ─► LoggerConfig ─► RingAsyncAppender.append
 *              copy (into the slot, its own LogEvent) ─► AsyncPipeline ring ─► TargetDispatcher.deliver ─► AppenderControl ─► FILE …
 *              │ full: policy waits or drops (dropped ─► errorRef, counted, summarised)          endOfBatch on the last
 *              │ full and the caller is a Log4j2 thread or a nested call: delivered on the caller  (flush once a batch)
 *              └ after the drain (shutdown, reconfigure): delivered on the caller's thread
 *
 *  Configuration.stop(): … root LoggerConfig stops its filters ─► ShutdownDrainFilter ─► pipeline drained
 *                        ─► async loggers, in-flight calls, stock &lt;Async&gt; flush (synchronously through RingAsync)
 *                        ─► the remaining appenders stop, targets and RingAsync in any order: nothing is left queued.
 * </pre>
 *
 * <p>Classes: {@link io.ringlog.log4j2.RingAsyncAppender} (the plugin and its builder, the only public type),
 * {@code RingAsyncSettings} (Log4j2 vocabulary to {@link io.ringlog.core.PipelineSettings}, in one place),
 * {@code LogEventSlot} (the caller-thread copy, and the event the targets receive; its references live in arrays
 * shared by neighbouring slots, from {@code SlotBlocks}, with {@code SlotContextData} for the context map),
 * {@code TargetDispatcher} (the consumer end),
 * {@code ShutdownDrainFilter} (the stop-early hook), {@code LevelMapping}, {@code StatusLoggerReporter} and
 * {@code Log4jVersion} (refuses a Log4j2 older than 2.17).
 * Errors and losses are reported through Log4j2's {@code StatusLogger}.
 */
package io.ringlog.log4j2;
