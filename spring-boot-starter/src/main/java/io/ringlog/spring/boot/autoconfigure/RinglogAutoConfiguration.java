package io.ringlog.spring.boot.autoconfigure;

import io.ringlog.spring.boot.RinglogProperties;
import io.ringlog.spring.boot.logging.QueuedEventsDeliveredOnClose;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Makes the {@code ringlog.*} properties ({@link RinglogProperties}) a bean, bound and checked as Spring Boot binds
 * any configuration properties, and has the queues delivered when the context closes, before its beans are destroyed
 * ({@link QueuedEventsDeliveredOnClose}). The logging itself is rearranged earlier, before the context exists, by
 * {@link io.ringlog.spring.boot.logging.RinglogLoggingListener}.
 */
@AutoConfiguration
@EnableConfigurationProperties(RinglogProperties.class)
public class RinglogAutoConfiguration {

    /** Delivers what Ringlog's appenders hold before the context's beans are destroyed (see the class). */
    @Bean
    QueuedEventsDeliveredOnClose ringlogQueuedEventsDeliveredOnClose() {
        return new QueuedEventsDeliveredOnClose();
    }
}
