/**
 * The {@code ringlog} actuator health contributor: {@link io.ringlog.spring.boot.health.AppenderHealthCheck} judges
 * every live Ringlog appender from its counters (UP; DOWN after a stall; OUT_OF_SERVICE while a failed consumer leaves
 * the callers writing directly), and one small indicator per Spring Boot line reports it (Boot 4's
 * health API moved to {@code org.springframework.boot.health.contributor}). It is in no health group by default, so a
 * logging problem does not fail a liveness or readiness probe unless the application adds it to one.
 */
package io.ringlog.spring.boot.health;
