package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.FullQueuePolicy;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.plugins.util.PluginManager;
import org.apache.logging.log4j.core.config.plugins.util.PluginType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <RingAsync>} is found without a packages attribute and accepts a stock {@code <Async>} configuration. */
class DropInIT {
    private static final String PLUGIN_INDEX = "META-INF/org/apache/logging/log4j/core/config/plugins/Log4j2Plugins.dat";

    @TempDir
    Path dir;

    @Test
    void stockAsyncConfigurationWithOnlyTheElementRenamedWorks() {
        RingAsyncAppender ring;
        try (LoggerContext context = TestContexts.start("stock-dropin.xml", dir)) {
            ring = appender(context, "ASYNC", RingAsyncAppender.class);
            assertThat(ring).isNotNull();
            assertThat(ring.isStarted()).isTrue();
            assertThat(ring.getSettings().capacity()).isEqualTo(1024);
            assertThat(ring.getSettings().fullQueuePolicy()).isEqualTo(FullQueuePolicy.BLOCK);
            assertThat(ring.getSettings().drainTimeoutMillis()).isZero();
            Logger logger = context.getLogger("dropin");
            for (int i = 0; i < 1000; i++) {
                logger.info("line {}", i);
            }
        }
        assertThat(lines(dir.resolve("app.log"))).hasSize(1000).startsWith("INFO line 0").endsWith("INFO line 999");
        assertThat(ring.getStats().delivered()).isEqualTo(1000);
    }

    @Test
    void acceptsTheStockAliases() {
        try (LoggerContext context = TestContexts.start("aliases.xml", dir)) {
            RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
            assertThat(ring.getAppenderRefStrings()).containsExactly("FILE");
            assertThat(ring.getErrorRef()).isEqualTo("ERR");
            context.getLogger("aliases").info("through appender-ref");
        }
        assertThat(lines(dir.resolve("app.log"))).containsExactly("through appender-ref");
    }

    @Test
    void pluginIndexIsInTheJarAndNamesRingAsync() throws IOException {
        PluginManager manager = new PluginManager("Core");
        manager.collectPlugins();
        PluginType<?> type = manager.getPluginType("ringasync");
        assertThat(type).isNotNull();
        assertThat(type.getPluginClass()).isEqualTo(RingAsyncAppender.class);

        Path jar = null;
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(Path.of("target"), "ringlog-log4j2-*.jar")) {
            for (Path candidate : jars) {
                if (!candidate.getFileName().toString().contains("sources") && !candidate.getFileName().toString().contains("javadoc")) {
                    jar = candidate;
                }
            }
        }
        assertThat(jar).as("the packaged jar under target/").isNotNull();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            assertThat(zip.getEntry(PLUGIN_INDEX)).isNotNull();
            assertThat(new String(zip.getInputStream(zip.getEntry(PLUGIN_INDEX)).readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1))
                    .contains("io.ringlog.log4j2.RingAsyncAppender");
        }
    }
}
