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
 *
 * <p>Logging initialised again later (Spring Cloud's {@code reinitializeLoggingSystem}) runs behind Ringlog again: on
 * Logback through {@link io.ringlog.spring.boot.logging.RinglogLogbackLoggingSystem}, Boot's own logging system extended
 * by that step (a reinitialisation stops the Logback context, which drops every context listener); on Log4j2 through a
 * listener of the context's reconfigurations. Both wait, from the start of each {@code SpringApplication} run, until the
 * listener has wrapped with that run's {@code ringlog.*} properties.
 */
package io.ringlog.spring.boot.logging;
