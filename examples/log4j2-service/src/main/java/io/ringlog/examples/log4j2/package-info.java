/** The example Spring Boot service on Log4j2; its web code is {@code io.ringlog.examples.service}. */
package io.ringlog.examples.log4j2;
