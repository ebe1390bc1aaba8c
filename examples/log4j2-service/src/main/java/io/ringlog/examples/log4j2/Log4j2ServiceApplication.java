package io.ringlog.examples.log4j2;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The example service on Log4j2 ({@code spring-boot-starter-log4j2}). {@code log4j2-variants.xml} (named by
 * {@code logging.config}) puts Ringlog's {@code <RingAsync>} in front of a size-and-time rolling file; the profiles
 * {@code sync}, {@code stock-async} and {@code async-loggers} select the synchronous file appender, Log4j2's
 * {@code <Async>} appender or its Async Loggers instead. With {@code --logging.config=} (empty) Spring Boot applies its
 * default logging, which {@code ringlog-spring-boot-starter} puts behind Ringlog.
 */
@SpringBootApplication(scanBasePackages = "io.ringlog.examples")
public class Log4j2ServiceApplication {

    /**
     * @param args Spring Boot arguments, e.g. {@code --spring.profiles.active=async-loggers}
     */
    public static void main(String[] args) {
        SpringApplication.run(Log4j2ServiceApplication.class, args);
    }
}
