package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A console child encoded on the callers writes each batch to {@code System.out} in one call, not one per event (the
 * {@code PrintStream} behind it flushes after every write), every line in order; the bytes a batch kept are written
 * even when the console refuses the batch's last event, and when the appender stops.
 */
class ConsoleBatchIT {

    private PrintStream original;
    private final ConsoleCapture console = new ConsoleCapture();

    @BeforeEach
    void captureSystemOut() {
        original = System.out;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreSystemOut() {
        System.setOut(original);
    }

    /** Holds the consumer in GATE on "line 0" and queues "line 1" up to "line {count - 1}" behind it. */
    private static GateAppender queueBehindTheGate(LogbackFixture logback, int count) {
        GateAppender gate = logback.child("GATE");
        Logger log = logback.logger("app");
        log.info("line 0");
        await().until(() -> gate.arrivals() == 1);
        for (int i = 1; i < count; i++) {
            log.info("line {}", i);
        }
        return gate;
    }

    @Test
    void aBatchOfLinesReachesTheConsoleInOneWriteInOrder() {
        try (LogbackFixture logback = new LogbackFixture("console-batch").configure("console-batch")) {
            queueBehindTheGate(logback, 100).open();
            await().until(() -> console.lines().size() == 100);

            assertThat(console.lines()).containsExactlyElementsOf(expected(0, 100));
            // line 0 ends a batch of its own; lines 1 to 99 were queued behind it: one or a few more batches.
            assertThat(console.writes()).as("writes to System.out for 100 lines").isBetween(2, 5);
        }
    }

    @Test
    void keptLinesAreWrittenWhenTheConsoleRefusesTheBatchsLastEvent() {
        try (LogbackFixture logback = new LogbackFixture("console-batch").configure("console-batch")) {
            GateAppender gate = queueBehindTheGate(logback, 50);
            logback.logger("app").debug("below the console's threshold"); // the last of the batch: the console refuses it
            gate.open();
            await().until(() -> gate.arrivals() == 51);
            await().until(() -> console.lines().size() == 50);

            assertThat(console.lines()).containsExactlyElementsOf(expected(0, 50));
        }
    }

    @Test
    void theStopWritesWhatIsQueued() {
        try (LogbackFixture logback = new LogbackFixture("console-batch").configure("console-batch")) {
            queueBehindTheGate(logback, 200).open();
        }
        assertThat(console.lines()).containsExactlyElementsOf(expected(0, 200));
    }

    private static List<String> expected(int from, int to) {
        List<String> lines = new ArrayList<>();
        for (int i = from; i < to; i++) {
            lines.add("line " + i);
        }
        return lines;
    }

    /** What reaches System.out, and how many writes it took: the PrintStream flushes once per write. */
    private static final class ConsoleCapture extends ByteArrayOutputStream {
        private final AtomicInteger flushes = new AtomicInteger();

        @Override
        public void flush() {
            flushes.incrementAndGet();
        }

        int writes() {
            return flushes.get();
        }

        synchronized List<String> lines() {
            String text = toString(StandardCharsets.UTF_8);
            List<String> lines = new ArrayList<>();
            for (String line : text.split("\n")) {
                if (!line.isEmpty()) {
                    lines.add(line);
                }
            }
            return lines;
        }
    }
}
