package io.ringlog.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the service harness's variant names mean to the report, the {@code -always} and {@code -vt} forms included. */
class ServiceVariantsTest {

    @Test
    void aStarterFormWithAlwaysIsRinglogComparedWithItsSynchronousForm() {
        assertThat(ServiceVariants.isRinglog("starter-always")).isTrue();
        assertThat(ServiceVariants.isRinglog("starter-ecs-always-vt")).isTrue();
        assertThat(ServiceVariants.isBootDefault("starter-always")).isTrue();
        assertThat(ServiceVariants.synchronousOf("starter-ecs-always")).isEqualTo("starter-ecs-sync");
        assertThat(ServiceVariants.describe("starter-always"))
                .isEqualTo("Spring Boot default logging + starter, `ringlog.caller-encoding=always`");
    }

    @Test
    void theOtherFormsKeepTheirMeaning() {
        assertThat(ServiceVariants.isRinglog("starter-sync")).isFalse();
        assertThat(ServiceVariants.synchronousOf("starter-vt")).isEqualTo("starter-sync");
        assertThat(ServiceVariants.describe("starter-logstash-sync"))
                .isEqualTo("Boot structured logging, Logstash + starter off (`ringlog.enabled=false`: synchronous)");
        assertThat(ServiceVariants.describe("ringlog-vt")).isEqualTo("hand-written, Ringlog in front of the file, virtual threads");
    }
}
