package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.appender;
import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.FullQueuePolicy;
import java.nio.file.Path;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PropertiesConfigurationIT {

    @TempDir
    Path dir;

    @Test
    void ringAsyncWorksFromAPropertiesConfiguration() {
        GateAppender warnings;
        try (LoggerContext context = TestContexts.start("ringasync.properties", dir)) {
            RingAsyncAppender ring = appender(context, "RING", RingAsyncAppender.class);
            assertThat(ring.getSettings().capacity()).isEqualTo(4096);
            assertThat(ring.getSettings().fullQueuePolicy()).isEqualTo(FullQueuePolicy.DROP_BELOW_WARN);
            warnings = appender(context, "WARNINGS", GateAppender.class);
            Logger logger = context.getLogger("properties");
            for (int i = 0; i < 100; i++) {
                logger.info("line {}", i);
            }
            logger.warn("a warning");
        }
        assertThat(lines(dir.resolve("app.log"))).hasSize(101).startsWith("INFO line 0").endsWith("WARN a warning");
        assertThat(warnings.messages()).containsExactly("a warning");
    }
}
