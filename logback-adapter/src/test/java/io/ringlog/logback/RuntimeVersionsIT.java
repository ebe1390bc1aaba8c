package io.ringlog.logback;

import static io.ringlog.contract.ClassPathJars.assertRinglogDisruptorIsRelocated;
import static io.ringlog.contract.ClassPathJars.assertSingleJar;
import static io.ringlog.contract.ClassPathJars.copies;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The class path the tests run on is the one the build asked for (the compatibility matrix swaps it with
 * {@code -Dtest.logback.version}, {@code -Dtest.slf4j.version} and {@code -Dapp.disruptor.version}): exactly one
 * copy of each framework jar, at the requested version, so that a matrix cell cannot pass on the wrong versions.
 */
class RuntimeVersionsIT {

    @Test
    void logbackAndSlf4jAreTheRequestedVersionsAndPresentOnce() throws Exception {
        assertSingleJar("ch/qos/logback/classic/LoggerContext.class", "logback-classic", "ringlog.test.logback.version");
        assertSingleJar("ch/qos/logback/core/Appender.class", "logback-core", "ringlog.test.logback.version");
        assertSingleJar("org/slf4j/Logger.class", "slf4j-api", "ringlog.test.slf4j.version");
    }

    @Test
    void anApplicationsOwnDisruptorSitsBesideRinglogsRelocatedCopy() throws Exception {
        String appDisruptor = System.getProperty("ringlog.test.app.disruptor.version", "");
        if (appDisruptor.isEmpty()) {
            assertThat(copies("com/lmax/disruptor/RingBuffer.class")).as("no application Disruptor requested").isEmpty();
        } else {
            assertSingleJar("com/lmax/disruptor/RingBuffer.class", "disruptor", "ringlog.test.app.disruptor.version");
        }
        assertRinglogDisruptorIsRelocated();
    }
}
