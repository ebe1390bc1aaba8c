/**
 * A recipe for Logback users who want their log events in a database: {@link io.ringlog.examples.jdbc.BatchInsertAppender}
 * behind {@code io.ringlog.logback.RingAsyncAppender} inserts each batch Ringlog hands it with one multi-row
 * {@code INSERT}, so that a burst costs a few round trips instead of one per event.
 *
 * <pre>
 *  callers -&gt; RingAsyncAppender -&gt; [ ring ] -&gt; consumer thread
 *                                                 BatchInsertAppender.append   (collects a row)
 *                                                 ...
 *                                                 BatchInsertAppender.endOfBatch (one INSERT ... VALUES (..),(..),..)
 * </pre>
 */
package io.ringlog.examples.jdbc;
