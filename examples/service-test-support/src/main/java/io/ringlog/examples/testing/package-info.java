/**
 * The tests both example services pass, written once: each flavour subclasses a contract with a line or two.
 *
 * <ul>
 *   <li>{@link io.ringlog.examples.testing.RequestLoggingContract}: a request's lines reach the rolling file with its
 *       request id, in a service started by {@code @SpringBootTest} on a random port;</li>
 *   <li>{@link io.ringlog.examples.testing.LoggingVariantsContract}: every logging variant's configuration starts and
 *       writes the file;</li>
 *   <li>{@link io.ringlog.examples.testing.GracefulShutdownContract}: the packaged jar, under load, stopped by
 *       SIGTERM, loses no line of an answered request and logs its own shutdown.</li>
 * </ul>
 */
package io.ringlog.examples.testing;
