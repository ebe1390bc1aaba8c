/**
 * The Log4j2 plugin {@code <RingAsync>}: a drop-in replacement for Log4j2's {@code <Async>} appender built on the
 * Ringlog pipeline. Found by plugin discovery (the jar carries {@code Log4j2Plugins.dat}); no {@code packages}
 * attribute is needed.
 *
 * <pre>
 *  caller threads                       ringlog-&lt;name&gt; (consumer)          target appenders
 *  ──────────────                       ──────────────────────────          ────────────────
 *  Logger ─► LoggerConfig ─► RingAsyncAppender.append
 *              encode for the EncodedTargets (their layouts, into CallerEncoding)
 *              copy (event and bytes, into the slot) ─► AsyncPipeline ring ─► TargetDispatcher.deliver ─┬► EncodedTarget.write ─► FILE …
 *              │ full: policy waits or drops (dropped ─► errorRef, counted, summarised)                   └► AppenderControl ─► others
 *              │ full and the caller is a Log4j2 thread or a nested call: delivered on the caller   endOfBatch on the last
 *              └ after the drain (shutdown, reconfigure): delivered on the caller's thread            (flush once a batch)
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
 * {@code EncodedTarget} (a file or console target whose layout runs on the callers' threads: which ones, and the
 * consumer's write), {@code CallerEncoding} (a caller's per-thread buffer for those bytes), {@code EncodingView} and
 * {@code FormattedMessageView} (the event as those layouts see it), {@code TargetDispatcher} (the consumer end),
 * {@code ShutdownDrainFilter} (the stop-early hook), {@code LevelMapping}, {@code StatusLoggerReporter} and
 * {@code Log4jVersion} (refuses a Log4j2 older than 2.17).
 * Errors and losses are reported through Log4j2's {@code StatusLogger}.
 */
package io.ringlog.log4j2;
