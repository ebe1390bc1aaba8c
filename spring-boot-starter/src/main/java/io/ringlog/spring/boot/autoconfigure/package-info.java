/**
 * The starter's Spring Boot auto-configurations, listed in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}: the {@code ringlog.*}
 * properties and the {@code ringlog} health contributor, once per Spring Boot line (3.5 and 4.x), each conditional
 * on its line's class names. The meters come from {@code ringlog-micrometer}, which the starter brings.
 */
package io.ringlog.spring.boot.autoconfigure;
