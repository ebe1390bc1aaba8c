package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apache.logging.log4j.core.config.plugins.processor.PluginCache;
import org.apache.logging.log4j.core.config.plugins.processor.PluginEntry;
import org.junit.jupiter.api.Test;

/**
 * The jar as built holds what Log4j2 needs to find {@code <RingAsync>} without a {@code packages} attribute (the
 * plugin index written by log4j-core's {@code PluginProcessor}) and the GraalVM reachability metadata written by its
 * {@code GraalVmProcessor}. From JDK 23 javac runs neither unless the build names them, so {@code .ci/matrix} also
 * builds the adapter and runs this test on JDK 25.
 */
class PluginDescriptorIT {

    private static final String PLUGIN_INDEX = "META-INF/org/apache/logging/log4j/core/config/plugins/Log4j2Plugins.dat";
    private static final String GRAALVM_METADATA =
            "META-INF/native-image/log4j-generated/io.ringlog/ringlog-log4j2/reflect-config.json";

    @Test
    void theJarsPluginIndexNamesRingAsync() throws IOException {
        Path jarPath = builtJar();
        try (JarFile jar = new JarFile(jarPath.toFile())) {
            assertThat(jar.getJarEntry(PLUGIN_INDEX)).as(PLUGIN_INDEX + " in " + jarPath).isNotNull();
        }
        PluginCache index = new PluginCache();
        index.loadCacheFiles(Collections.enumeration(Collections.singletonList(entryUrl(jarPath, PLUGIN_INDEX))));
        Map<String, PluginEntry> core = index.getCategory("core");
        assertThat(core).containsKey("ringasync");
        assertThat(core.get("ringasync").getClassName()).isEqualTo(RingAsyncAppender.class.getName());
        assertThat(core.get("ringasync").getCategory()).isEqualTo("core");
    }

    @Test
    void theJarHoldsGraalVmMetadataForTheAppenderAndItsBuilder() throws IOException {
        Path jarPath = builtJar();
        String metadata;
        try (JarFile jar = new JarFile(jarPath.toFile())) {
            JarEntry entry = jar.getJarEntry(GRAALVM_METADATA);
            assertThat(entry).as(GRAALVM_METADATA + " in " + jarPath).isNotNull();
            try (InputStream in = jar.getInputStream(entry)) {
                metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        assertThat(metadata)
                .contains("\"name\":\"" + RingAsyncAppender.class.getName() + "\"")
                .contains("\"name\":\"newBuilder\"")
                .contains("\"name\":\"" + RingAsyncAppender.Builder.class.getName() + "\"")
                .contains("{\"name\":\"bufferSize\"}", "{\"name\":\"shutdownTimeout\"}");
    }

    /** The jar the build packaged (failsafe runs after {@code package}); set by the adapter's POM. */
    private static Path builtJar() {
        String location = System.getProperty("ringlog.test.jar");
        assertThat(location).as("system property ringlog.test.jar (set by the failsafe configuration)").isNotBlank();
        Path jar = Paths.get(location);
        assertThat(Files.isRegularFile(jar)).as(jar + " exists").isTrue();
        return jar;
    }

    private static URL entryUrl(Path jar, String entry) throws IOException {
        return new URL("jar:" + jar.toUri() + "!/" + entry);
    }
}
