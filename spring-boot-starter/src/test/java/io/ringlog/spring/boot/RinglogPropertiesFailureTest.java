package io.ringlog.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** A bad {@code ringlog.*} value stops the application at start, with Spring Boot's failure analysis naming it. */
@ExtendWith(OutputCaptureExtension.class)
class RinglogPropertiesFailureTest {

    @ParameterizedTest
    @CsvSource(delimiter = '=', value = {
            "ringlog.queue-size=0",
            "ringlog.queue-size=many",
            "ringlog.full-queue-policy=sometimes",
            "ringlog.caller-encoding=sometimes",
            "ringlog.max-block-time=-1s",
            "ringlog.shutdown-timeout=soon",
            "ringlog.health.stall-timeout=-5s"})
    void aBadValueFailsTheStartNamingTheProperty(String property, String value, CapturedOutput output) {
        assertThatThrownBy(() -> TestApplication.withProperties(property + "=" + value).run()).isNotNull();
        assertThat(output.getOut() + output.getErr()).contains("APPLICATION FAILED TO START")
                .contains("Property: " + property).contains("Value: \"" + value + "\"");
    }
}
