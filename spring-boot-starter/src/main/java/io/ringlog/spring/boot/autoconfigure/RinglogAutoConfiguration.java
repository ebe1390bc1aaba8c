package io.ringlog.spring.boot.autoconfigure;

import io.ringlog.spring.boot.RinglogProperties;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * Makes the {@code ringlog.*} properties ({@link RinglogProperties}) a bean, bound and checked as Spring Boot binds
 * any configuration properties. The logging itself is rearranged earlier, before the context exists, by
 * {@link io.ringlog.spring.boot.logging.RinglogLoggingListener}.
 */
@AutoConfiguration
@EnableConfigurationProperties(RinglogProperties.class)
public class RinglogAutoConfiguration {
}
