package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.List;

/**
 * Assertions on which jars a test JVM really runs with, for the compatibility matrix: each cell's failsafe
 * configuration names the versions it asked for in system properties, and these check the class path against them.
 */
public final class ClassPathJars {

    private ClassPathJars() {
    }

    /** {@code resource} is on the class path exactly once, in {@code <artifactId>-<version of versionProperty>.jar}. */
    public static void assertSingleJar(String resource, String artifactId, String versionProperty) throws IOException {
        String version = System.getProperty(versionProperty);
        assertThat(version).as("system property " + versionProperty + " (set by the failsafe configuration)").isNotBlank();
        List<URL> copies = copies(resource);
        assertThat(copies).as("copies of " + resource).hasSize(1);
        assertThat(copies.get(0).toString()).as(resource).contains("/" + artifactId + "-" + version + ".jar!");
    }

    /** Every copy of {@code resource} on the class path. */
    public static List<URL> copies(String resource) throws IOException {
        return Collections.list(ClassPathJars.class.getClassLoader().getResources(resource));
    }

    /** Ringlog's own Disruptor is the relocated copy inside ringlog-core, never the application's com.lmax one. */
    public static void assertRinglogDisruptorIsRelocated() throws ClassNotFoundException {
        Class<?> relocated = Class.forName("io.ringlog.core.internal.disruptor.RingBuffer");
        assertThat(relocated.getProtectionDomain().getCodeSource().getLocation().toString()).doesNotContain("/com/lmax/");
    }
}
