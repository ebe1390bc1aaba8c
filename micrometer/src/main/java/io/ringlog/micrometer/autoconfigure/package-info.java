/**
 * Spring Boot 3.5 and 4 auto-configuration of {@link io.ringlog.micrometer.RinglogMetrics}, registered in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}: adding
 * {@code ringlog-micrometer} to an application with a {@code MeterRegistry} is all it takes. Compiled for Java 17
 * (the minimum of both lines) into the same jar as the Java 11 binder; only Spring Boot ever loads this package.
 */
package io.ringlog.micrometer.autoconfigure;
