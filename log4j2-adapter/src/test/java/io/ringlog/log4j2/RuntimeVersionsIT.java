package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.List;

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
        Class<?> relocated = Class.forName("io.ringlog.core.internal.disruptor.RingBuffer");
        assertThat(relocated.getProtectionDomain().getCodeSource().getLocation().toString()).doesNotContain("/com/lmax/");
    }

    private static void assertSingleJar(String resource, String artifactId, String versionProperty) throws IOException {
        String version = System.getProperty(versionProperty);
        assertThat(version).as("system property " + versionProperty + " (set by the failsafe configuration)").isNotBlank();
        List<URL> copies = resources(resource);
        assertThat(copies).as("copies of " + resource).hasSize(1);
        assertThat(copies.get(0).toString()).as(resource).contains("/" + artifactId + "-" + version + ".jar!");
    }

    private static List<URL> resources(String resource) throws IOException {
        return Collections.list(RuntimeVersionsIT.class.getClassLoader().getResources(resource));
    }
}
