package io.ringlog.examples.starter;

/** starter-app on Spring Boot 4 with spring-boot-starter-log4j2 instead of Boot's default Logback. */
class StarterAppLog4j2IT extends StarterAppContract {

    @Override
    protected String framework() {
        return "log4j2";
    }
}
