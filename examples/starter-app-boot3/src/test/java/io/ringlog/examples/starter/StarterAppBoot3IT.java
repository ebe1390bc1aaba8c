package io.ringlog.examples.starter;

/** starter-app on Spring Boot 3.5, with Boot's default Logback. */
class StarterAppBoot3IT extends StarterAppContract {

    @Override
    protected String framework() {
        return "logback";
    }
}
