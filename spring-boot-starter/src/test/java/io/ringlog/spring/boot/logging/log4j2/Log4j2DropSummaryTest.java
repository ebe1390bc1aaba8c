package io.ringlog.spring.boot.logging.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.spring.boot.logging.DropSummaryContract;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.system.CapturedOutput;

/**
 * Log4j2: Spring Boot's default configuration ({@code status="WARN"}) has the StatusLogger print its WARN messages on
 * standard error, through its fallback console listener. That listener holds the standard error of the moment Log4j2
 * started, before this test's capture, so the test reads the messages that reached the StatusLogger at WARN and checks
 * that the console listener prints that level.
 */
class Log4j2DropSummaryTest extends DropSummaryContract {
    private final Queue<String> warnings = new ConcurrentLinkedQueue<>();
    private final StatusListener recorder = new StatusListener() {
        @Override
        public void log(StatusData data) {
            if (data.getLevel().isMoreSpecificThan(Level.WARN)) {
                warnings.add(data.getMessage().getFormattedMessage());
            }
        }

        @Override
        public Level getStatusLevel() {
            return Level.WARN;
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void record() {
        StatusLogger.getLogger().registerListener(recorder);
    }

    @AfterEach
    void stopRecording() {
        StatusLogger.getLogger().removeListener(recorder);
    }

    @Override
    protected String standardError(CapturedOutput output) {
        assertThat(StatusLogger.getLogger().getFallbackListener().getStatusLevel().isLessSpecificThan(Level.WARN))
                .as("the StatusLogger's console listener prints WARN").isTrue();
        return String.join("\n", warnings);
    }
}
