package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.contract.LoadWithReloads;
import io.ringlog.contract.NumberedLines;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilder;
import org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilderFactory;
import org.apache.logging.log4j.core.config.builder.impl.BuiltConfiguration;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code <RingAsync>} in every form Log4j2 reads: XML, properties, YAML, JSON files ({@code forms.*}) and
 * {@link ConfigurationBuilder} in code, all the same configuration (RING to FILE, and to WARNINGS from WARN up). Each
 * loads with its attributes and targets, and each reloads under load ({@link LoadWithReloads}) without losing a line.
 */
class ConfigurationFormsIT {

    /** A configuration form and how it is started and reloaded. */
    enum Form {
        XML("forms.xml"), PROPERTIES("forms.properties"), YAML("forms.yaml"), JSON("forms.json"), BUILDER(null);

        private final String file;

        Form(String file) {
            this.file = file;
        }

        LoggerContext start(Path dir) {
            if (file != null) {
                return TestContexts.start(file, dir);
            }
            System.setProperty(TestContexts.DIR_PROPERTY, dir.toString());
            return Configurator.initialize(built());
        }

        /** File forms re-read their file (as {@code monitorInterval} does); a built configuration is built again. */
        void reload(LoggerContext context) {
            if (file != null) {
                context.reconfigure();
            } else {
                context.reconfigure(built());
            }
        }
    }

    @TempDir
    Path dir;

    /** forms.xml, written with the ConfigurationBuilder API. */
    static Configuration built() {
        ConfigurationBuilder<BuiltConfiguration> builder = ConfigurationBuilderFactory.newConfigurationBuilder();
        builder.setConfigurationName("ringlog-built-" + System.nanoTime());
        builder.setStatusLevel(Level.WARN);
        builder.setShutdownHook("disable");
        builder.add(builder.newAppender("FILE", "File")
                .addAttribute("fileName", System.getProperty(TestContexts.DIR_PROPERTY) + "/forms.log")
                .addAttribute("append", true)
                .addAttribute("immediateFlush", false)
                .add(builder.newLayout("PatternLayout").addAttribute("pattern", "%m%n")));
        builder.add(builder.newAppender("WARNINGS", "Gate"));
        builder.add(builder.newAppender("RING", "RingAsync")
                .addAttribute("bufferSize", 4096)
                .addAttribute("maxBatchSize", 256)
                .addAttribute("shutdownTimeout", 20000)
                .addComponent(builder.newAppenderRef("FILE"))
                .addComponent(builder.newAppenderRef("WARNINGS")
                        .add(builder.newFilter("ThresholdFilter", Filter.Result.NEUTRAL, Filter.Result.DENY).addAttribute("level", Level.WARN))));
        builder.add(builder.newRootLogger(Level.INFO).add(builder.newAppenderRef("RING")));
        return builder.build();
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void ringAsyncLoadsWithItsAttributesAndTargets(Form form) {
        GateAppender warnings;
        RingAsyncAppender ring;
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = form.start(dir);
            try {
                ring = appender(context, "RING", RingAsyncAppender.class);
                assertThat(ring.isStarted()).isTrue();
                PipelineSettings settings = ring.getSettings();
                assertThat(settings.capacity()).isEqualTo(4096);
                assertThat(settings.maxBatchSize()).isEqualTo(256);
                assertThat(settings.drainTimeoutMillis()).isEqualTo(20_000);
                warnings = appender(context, "WARNINGS", GateAppender.class);
                Logger logger = context.getLogger("forms");
                for (int i = 0; i < 100; i++) {
                    logger.info("line {}", i);
                }
                logger.warn("a warning");
            } finally {
                context.stop();
            }
            assertThat(status.messages()).as("no warning or error while loading").noneMatch(m -> m.startsWith("WARN") || m.startsWith("ERROR"));
        }
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            expected.add("line " + i);
        }
        expected.add("a warning");
        assertThat(lines(dir.resolve("forms.log"))).containsExactlyElementsOf(expected);
        assertThat(warnings.messages()).containsExactly("a warning");
        assertThat(ring.getStats().delivered()).isEqualTo(101);
    }

    /** The XML form is reloaded under load by {@link ReconfigurationUnderLoadIT}. */
    @ParameterizedTest
    @EnumSource(value = Form.class, names = "XML", mode = EnumSource.Mode.EXCLUDE)
    void reloadingUnderLoadLosesNothing(Form form) throws Exception {
        List<RingAsyncAppender> rings = new CopyOnWriteArrayList<>();
        LoadWithReloads.Result load;
        List<String> messages;
        try (StatusCapture status = StatusCapture.start()) {
            LoggerContext context = form.start(dir);
            try {
                rings.add(appender(context, "RING", RingAsyncAppender.class));
                load = LoadWithReloads.run(context.getLogger("forms")::info, () -> {
                    form.reload(context);
                    RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
                    assertThat(ring.isStarted()).isTrue();
                    rings.add(ring);
                });
            } finally {
                context.stop();
            }
            messages = status.messages();
        }
        assertThat(rings).hasSize(LoadWithReloads.RELOADS + 1).doesNotHaveDuplicates();
        long delivered = 0;
        for (RingAsyncAppender ring : rings) {
            assertThat(ring.isStopped()).isTrue();
            PipelineStats stats = ring.getStats();
            assertThat(stats.dropped() + stats.failed() + stats.queueSize()).as("nothing dropped, failed or left: %s", stats).isZero();
            delivered += stats.delivered() + stats.deliveredDirectly();
        }
        NumberedLines written = NumberedLines.read(dir.resolve("forms.log"), load.logged);
        System.out.printf("[figures] log4j2 %s reload: %d reloads in %d ms, logged=%d, in file=%d%n",
                form, LoadWithReloads.RELOADS, load.reloadMillis, load.total(), written.lines);
        assertThat(written.lines).as("every logged line is in the file once: %s", messages).isEqualTo(load.total());
        assertThat(delivered).as("the file holds what the RingAsyncs say they delivered").isEqualTo(written.lines);
        assertThat(messages).as("status").noneMatch(m -> m.startsWith("ERROR"));
    }
}
