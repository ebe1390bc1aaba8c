package io.ringlog.examples.starter;

/** starter-app on Spring Boot 3.5 with spring-boot-starter-log4j2 instead of Boot's default Logback. */
class StarterAppBoot3Log4j2IT extends StarterAppContract {

    @Override
    protected String framework() {
        return "log4j2";
    }
}
