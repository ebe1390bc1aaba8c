package io.ringlog.examples.logback;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The example service on Logback, Spring Boot's default. {@code logback-variants.xml} (named by {@code logging.config})
 * puts Ringlog's {@code RingAsyncAppender} in front of a size-and-time rolling file; the profiles {@code sync} and
 * {@code stock-async} select the synchronous file appender or Logback's {@code AsyncAppender} instead. With
 * {@code --logging.config=} (empty) Spring Boot applies its default logging, which {@code ringlog-spring-boot-starter}
 * puts behind Ringlog.
 */
@SpringBootApplication(scanBasePackages = "io.ringlog.examples")
public class LogbackServiceApplication {

    /**
     * @param args Spring Boot arguments, e.g. {@code --spring.profiles.active=sync}
     */
    public static void main(String[] args) {
        SpringApplication.run(LogbackServiceApplication.class, args);
    }
}
