package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.core.OutputStreamAppender;
import io.ringlog.contract.TestThreads;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A caller encodes its event before it claims a ring slot: a caller that stalls in its encoding (preempted, on a
 * saturated machine) holds up no other caller's event. Were it encoding inside its claimed slot, the consumer, which
 * hands events on in ring order, would wait at that slot, and every event claimed after it with it.
 */
class EncodingOutsideTheSlotIT {

    @TempDir
    Path dir;

    @Test
    void aCallerStalledInItsEncodingHoldsUpNoOtherCallersEvent() throws Exception {
        HoldingEncoder.arm();
        try (LogbackFixture logback = new LogbackFixture("encoding-outside-the-slot").property("dir", dir)
                .configure("encoding-outside-the-slot")) {
            assertThat(logback.<OutputStreamAppender<?>>child("FILE").getEncoder())
                    .as("the file is encoded on the callers").isInstanceOf(CallerEncoder.class);
            Thread held = TestThreads.startThread("held", () -> logback.logger("app").info("hold this one"));
            try {
                assertThat(HoldingEncoder.awaitHeld(10)).as("the first caller is inside its encoding").isTrue();

                logback.logger("app").info("pass while the other is held");

                await().atMost(Duration.ofSeconds(10)).until(() -> written("pass while the other is held"));
                assertThat(lines()).as("the held event is not written yet").noneMatch(line -> line.contains("hold this one"));
            } finally {
                HoldingEncoder.release();
                held.join(10_000);
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> written("INFO  [held] hold this one"));
        }
    }

    private boolean written(String line) throws IOException {
        return lines().stream().anyMatch(written -> written.endsWith(line));
    }

    private List<String> lines() throws IOException {
        Path file = dir.resolve("out.log");
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }
}
