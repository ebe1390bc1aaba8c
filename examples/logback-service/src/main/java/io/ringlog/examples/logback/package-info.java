/** The example Spring Boot service on Logback; its web code is {@code io.ringlog.examples.service}. */
package io.ringlog.examples.logback;
