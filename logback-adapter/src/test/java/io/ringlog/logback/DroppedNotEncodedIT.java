package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.FileAppender;
import io.ringlog.contract.Accounting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An event the policy drops is not encoded for the children first: a ring of 8 under DROP_ALL behind a closed gate,
 * 28 events logged, 20 dropped; the file child's encoder, which runs on the callers, encoded the 8 that were queued,
 * not all 28 (before, every dropped event paid a full encode per child).
 */
class DroppedNotEncodedIT {

    @Test
    void droppedEventsAreNotEncoded(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("dropped-not-encoded.log");
        try (LogbackFixture logback = new LogbackFixture("dropped-not-encoded").property("file", file).configure("dropped-not-encoded")) {
            RingAsyncAppender ring = logback.ring();
            Logger log = logback.logger("app");
            GateAppender gate = logback.child("GATE");
            FileAppender<?> child = logback.child("FILE");
            CountingEncoder encoder = (CountingEncoder) ((CallerEncoder) child.getEncoder()).own();
            log.info("first");
            await().atMost(10, TimeUnit.SECONDS).until(() -> gate.arrivals() == 1);
            for (int i = 0; i < 27; i++) {
                log.info("event {}", i);
            }
            assertThat(ring.getStats().dropped()).isEqualTo(20);
            assertThat(encoder.encoded()).as("encoded on the callers: the queued events only").isEqualTo(8);

            gate.open();
            await().until(() -> ring.getStats().delivered() == 8);
            assertThat(Files.readAllLines(file)).hasSize(8).startsWith("INFO first");
            assertThat(encoder.encoded()).as("and none encoded again on the consumer").isEqualTo(8);
            Accounting.assertAccounted(ring.getStats(), 28);
        }
    }
}
