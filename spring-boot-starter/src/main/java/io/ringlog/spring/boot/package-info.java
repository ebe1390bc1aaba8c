/**
 * Ringlog's Spring Boot starter: adding {@code io.ringlog:ringlog-spring-boot-starter} makes Spring Boot's own
 * logging asynchronous, on Logback or Log4j2, configured by the {@code ringlog.*} properties
 * ({@link io.ringlog.spring.boot.RinglogProperties}). Sub-packages: {@code logging} (Boot's appenders behind Ringlog),
 * {@code health} (the actuator health contributor), {@code autoconfigure} and {@code aot} (native-image hints).
 * Compiled for Java 17; supports Spring Boot 3.5 and 4.x.
 */
package io.ringlog.spring.boot;
