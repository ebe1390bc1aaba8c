/**
 * The web code both example services run: {@code GET /work?n=..&delayMs=..} logs like a real service.
 *
 * <pre>
 *   request ──▶ RequestIdFilter ──▶ WorkController ──▶ WorkService
 *               MDC requestId        DEBUG requested     DEBUG computing
 *               X-Request-Id header  WARN  every 100th   INFO  computed
 *               INFO access line     ERROR + stack trace every 500th
 *                                    INFO  responding
 * </pre>
 *
 * Every request that gets a response has logged five lines carrying its request id (the access line last); the
 * services' tests find them in the log file by the {@value RequestIdFilter#REQUEST_ID_HEADER} response header.
 */
package io.ringlog.examples.service;
