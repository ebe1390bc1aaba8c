package io.ringlog.spring.boot.logging;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Bean;

/** An application that fails to start, as one whose port is in use does: its {@code main} throws and the JVM exits. */
@SpringBootConfiguration
@EnableAutoConfiguration
public class FailingApplicationMain {

    /** The message of the failure. */
    static final String FAILURE = "Port 8080 was already in use (simulated)";

    /** A bean the application cannot create. */
    @Bean
    Object webServer() {
        throw new IllegalStateException(FAILURE);
    }

    /** Starts the application, which fails. */
    public static void main(String[] args) {
        new SpringApplicationBuilder(FailingApplicationMain.class).web(WebApplicationType.NONE).run(args);
    }
}
