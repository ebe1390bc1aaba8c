package io.ringlog.examples.starter;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A new Spring Boot application with only {@code ringlog-spring-boot-starter} added: no logging configuration of its
 * own, so Spring Boot's default console and file appenders run behind Ringlog. The same classes are packaged on
 * Spring Boot 4 (this module) and on Spring Boot 3.5 ({@code starter-app-boot3}).
 */
@SpringBootApplication
public class StarterApplication {

    public static void main(String[] args) {
        SpringApplication.run(StarterApplication.class, args);
    }
}
