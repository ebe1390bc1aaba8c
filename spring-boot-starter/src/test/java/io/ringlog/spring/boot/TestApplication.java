package io.ringlog.spring.boot;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;

/** The smallest Spring Boot application: only auto-configuration, no web server, and only the starter added. */
@SpringBootConfiguration
@EnableAutoConfiguration
public class TestApplication {

    /** An application started with these {@code key=value} properties. */
    public static SpringApplicationBuilder withProperties(String... properties) {
        return new SpringApplicationBuilder(TestApplication.class).web(WebApplicationType.NONE).properties(properties);
    }
}
