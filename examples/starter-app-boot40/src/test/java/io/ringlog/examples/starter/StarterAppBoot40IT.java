package io.ringlog.examples.starter;

/** starter-app on Spring Boot 4.0, with Boot's default Logback. */
class StarterAppBoot40IT extends StarterAppContract {

    @Override
    protected String framework() {
        return "logback";
    }
}
