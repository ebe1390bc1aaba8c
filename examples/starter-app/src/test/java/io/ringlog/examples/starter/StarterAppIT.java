package io.ringlog.examples.starter;

/** The application on Spring Boot 4, with Boot's default Logback. */
class StarterAppIT extends StarterAppContract {

    @Override
    protected String framework() {
        return "logback";
    }
}
