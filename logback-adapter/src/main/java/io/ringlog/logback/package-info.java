/**
 * {@link io.ringlog.logback.RingAsyncAppender}: a drop-in replacement for Logback's
 * {@code ch.qos.logback.classic.AsyncAppender} built on the Ringlog core pipeline.
 *
 * <pre>
 *  caller threads                         consumer thread "ringlog-&lt;name&gt;"
 *  --------------                         --------------------------------------------
 *  Logger -&gt; RingAsyncAppender.append                ChildDelivery.deliver(slot, endOfBatch)
 *            prepareForDeferredProcessing                for each &lt;appender-ref&gt; child:
 *            (+ caller data)                               BatchedFlush: immediateFlush off,
 *            AsyncPipeline.offer ----&gt; [ ring ] ----&gt;       on for the last event of a batch
 *            (full: BLOCK / DROP_*)                         doAppend (failures isolated); a file child's
 *            slot: event + bytes encoded for                 CallerEncoder hands it the caller's bytes
 *            each file child (CallerEncoding)          rethrow the first failure -&gt; counted
 * </pre>
 *
 * <p>Only {@link io.ringlog.logback.RingAsyncAppender} and {@link io.ringlog.logback.EndOfBatchListener} (which a
 * child appender implements to be told where each batch ends, e.g. to insert the batch's rows at once) are public. The package-private helpers each do one
 * job: {@code LogbackSettings} translates the Logback vocabulary into core settings (the only place that
 * does), {@code EventSlot} carries an event through the ring, {@code EventLevels} maps levels,
 * {@code ChildAppenders} holds the {@code <appender-ref>} children, {@code ChildDelivery} fans each event
 * out to them, {@code CallerEncoding} picks the file and console children encoded on the callers' threads
 * ({@code CallerEncodingMode}; {@code ThreadSafeEncoders}, {@code StockAppendPath} and {@code CallerFilter} tell where
 * that is right) and {@code CallerEncoder} stands in for their encoders to hand the consumer those bytes,
 * {@code ChildrenFilter} spares a slot for an event that every child's level filter refuses, {@code BatchedFlush} flushes a file or console child once per batch, at its end, {@code LogbackStatus} routes core
 * reports into Logback's status manager, and {@code LogbackVersion} refuses a Logback older than 1.3.
 *
 * <p>Shutdown: {@code stop()} stops the pipeline (which drains within {@code maxFlushTime}), then stops
 * the children, which flushes and closes their files. Without a Logback {@code <shutdownHook/>}, the
 * core's JVM-exit drain ({@code drainOnExit}, on by default) still delivers what was queued.
 */
package io.ringlog.logback;
