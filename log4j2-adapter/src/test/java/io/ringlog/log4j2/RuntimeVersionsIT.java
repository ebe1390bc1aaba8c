package io.ringlog.log4j2;

import static io.ringlog.contract.ClassPathJars.assertRinglogDisruptorIsRelocated;
import static io.ringlog.contract.ClassPathJars.assertSingleJar;

import org.junit.jupiter.api.Test;

/**
 * The class path the tests run on is the one the build asked for (the compatibility matrix swaps it with
 * {@code -Dtest.log4j2.version} and {@code -Dapp.disruptor.version}): exactly one copy of each jar, at the
 * requested version, so that a matrix cell cannot pass on the wrong versions.
 */
class RuntimeVersionsIT {

    @Test
    void log4jApiAndCoreAreTheRequestedVersionAndPresentOnce() throws Exception {
        assertSingleJar("org/apache/logging/log4j/core/LoggerContext.class", "log4j-core", "ringlog.test.log4j2.version");
        assertSingleJar("org/apache/logging/log4j/LogManager.class", "log4j-api", "ringlog.test.log4j2.version");
    }

    @Test
    void anApplicationsOwnDisruptorSitsBesideRinglogsRelocatedCopy() throws Exception {
        assertSingleJar("com/lmax/disruptor/RingBuffer.class", "disruptor", "ringlog.test.app.disruptor.version");
        assertRinglogDisruptorIsRelocated();
    }
}
