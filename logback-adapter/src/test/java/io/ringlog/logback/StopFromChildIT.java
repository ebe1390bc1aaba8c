package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.status.Status;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child appender that stops the LoggerContext from inside a delivery, on Ringlog's consumer thread: the stop cannot
 * wait for the drain it is part of, so the drain follows the current delivery, and only then are the children stopped.
 * Every event queued before the stop reaches the file; none is refused by a child stopped too early.
 */
class StopFromChildIT {

    @TempDir
    Path dir;

    @Test
    void eventsQueuedBehindAStopFromTheConsumerThreadAreDeliveredBeforeTheChildrenStop() throws Exception {
        Path file = dir.resolve("app.log");
        LogbackFixture fixture = new LogbackFixture("stop-from-child").property("logFile", file).configure("stop-from-child");
        RingAsyncAppender ring = fixture.ring();
        GateAppender gate = fixture.child("GATE");
        Appender<?> fileChild = fixture.child("FILE");
        Logger app = fixture.logger("app");

        app.info("stop the context");
        await().atMost(Duration.ofSeconds(10)).until(() -> gate.arrivals() == 1);
        List<String> expected = new ArrayList<>();
        expected.add("stop the context");
        for (int i = 0; i < 100; i++) {
            app.info("queued {}", i);
            expected.add("queued " + i);
        }
        gate.open();

        await().atMost(Duration.ofSeconds(10)).until(() -> !fileChild.isStarted());
        assertThat(ring.isStarted()).isFalse();
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).containsExactlyElementsOf(expected);
        assertThat(ring.getStats().delivered()).isEqualTo(101);
        assertThat(ring.getStats().dropped()).isZero();
        assertThat(fixture.messages(Status.WARN)).noneMatch(m -> m.contains("non started appender"));
        assertThat(fixture.messages(Status.INFO)).anyMatch(m -> m.contains("was stopped by one of its own child appenders"));
    }
}
