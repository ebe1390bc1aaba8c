/**
 * Spring Boot's own logging, made asynchronous: {@link io.ringlog.spring.boot.logging.RinglogLoggingListener} runs right
 * after Spring Boot has initialised logging and, when Boot applied its default configuration, puts one Ringlog
 * appender in front of Boot's console and file appenders.
 *
 * <pre>
 *  before:  root ─► CONSOLE, FILE                       (Boot's defaults, synchronous)
 *  after:   root ─► RINGLOG ─► ring ─► consumer ─► CONSOLE, FILE
 *
 *  Boot's shutdown: context closed ─► logging system stopped ─► RINGLOG drains ─► CONSOLE, FILE stopped
 * </pre>
 *
 * An application with a logging configuration file of its own (or {@code logging.config}) is left as it is.
 */
package io.ringlog.spring.boot.logging;
