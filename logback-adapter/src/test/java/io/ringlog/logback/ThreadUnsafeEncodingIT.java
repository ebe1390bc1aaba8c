package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import io.ringlog.contract.TestThreads;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Behind Ringlog, a child whose encoder is not known to be thread-safe, or whose class rewrites the event in its own
 * append path, writes what it writes behind the stock {@code AsyncAppender}: its encoder runs on one thread at a
 * time, after the child's own code. Run on Logback 1.4.14 ({@code -Dtest.logback.version=1.4.14
 * -Dtest.slf4j.version=2.0.7}) the first test meets Logback's own {@code XMLLayout} with its shared buffer; on a Logback
 * that fixed it, the in-house encoder of the second test still reuses one buffer.
 */
class ThreadUnsafeEncodingIT {

    private static final int THREADS = 8;
    private static final int EVENTS_PER_THREAD = 10_000;
    /** One record of XMLLayout (1.3 to 1.5): the message is CDATA in some versions, escaped text in others. */
    private static final Pattern XML_RECORD = Pattern.compile("<log4j:event\\s+logger=\"app\"\\s+timestamp=\"\\d+\"\\s+level=\"INFO\"\\s+"
            + "thread=\"(caller-\\d)\">\\s*<log4j:message>(?:<!\\[CDATA\\[)?(caller-\\d) event (\\d+)(?:\\]\\]>)?</log4j:message>\\s*"
            + "</log4j:event>\\s*");
    private static final Pattern SHARED_LINE = Pattern.compile("(caller-\\d) (caller-\\d) event (\\d+)");

    @TempDir
    Path dir;

    @Test
    void logbacksXmlLayoutWritesEveryRecordWellFormedAndExactlyOnce() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("encoder-xml-layout").property("dir", dir).configure("encoder-xml-layout")) {
            CallerLoad.logFromCallers(logback.logger("app"), THREADS, EVENTS_PER_THREAD);
            logback.ring().stop();
        }
        String text = Files.readString(dir.resolve("events.xml"), StandardCharsets.UTF_8);
        Map<String, Integer> seen = new HashMap<>();
        List<String> malformed = new ArrayList<>();
        Matcher record = XML_RECORD.matcher(text);
        int at = 0;
        while (at < text.length()) {
            record.region(at, text.length());
            if (record.lookingAt()) {
                assertThat(record.group(1)).as("thread attribute of a record of %s", record.group(2)).isEqualTo(record.group(2));
                seen.merge(record.group(2) + " " + record.group(3), 1, Integer::sum);
                at = record.end();
            } else {
                int next = text.indexOf("<log4j:event ", at + 1);
                malformed.add(text.substring(at, next < 0 ? text.length() : Math.min(next, at + 300)));
                at = next < 0 ? text.length() : next;
            }
        }
        assertThat(malformed).as("malformed records").isEmpty();
        assertEveryEventExactlyOnce(seen);
    }

    @Test
    void anEncoderThatReusesOneBufferWritesEveryLineWholeAndExactlyOnce() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("encoder-shared-buffer").property("dir", dir).configure("encoder-shared-buffer")) {
            CallerLoad.logFromCallers(logback.logger("app"), THREADS, EVENTS_PER_THREAD);
            logback.ring().stop();
        }
        Map<String, Integer> seen = new HashMap<>();
        List<String> malformed = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("shared.log"), StandardCharsets.UTF_8)) {
            Matcher matcher = SHARED_LINE.matcher(line);
            if (matcher.matches() && matcher.group(1).equals(matcher.group(2))) {
                seen.merge(matcher.group(2) + " " + matcher.group(3), 1, Integer::sum);
            } else {
                malformed.add(line);
            }
        }
        assertThat(malformed).as("malformed lines").isEmpty();
        assertEveryEventExactlyOnce(seen);
    }

    @Test
    void aFileAppenderThatMasksTheEventBeforeSuperSubAppendWritesOnlyTheMaskedValue() throws Exception {
        int events = 2_000;
        try (LogbackFixture logback = new LogbackFixture("masking-appender").property("dir", dir).configure("masking-appender")) {
            Logger log = logback.logger("app");
            List<Thread> callers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int thread = t;
                callers.add(TestThreads.startThread("caller-" + t, () -> {
                    for (int i = 0; i < events / 2; i++) {
                        log.atInfo().addKeyValue("card", "4111-1111-1111-" + (1000 + thread)).log("payment {}", i);
                    }
                }));
            }
            for (Thread caller : callers) {
                caller.join();
            }
            logback.ring().stop();
        }
        List<String> lines = Files.readAllLines(dir.resolve("masked.log"), StandardCharsets.UTF_8);
        assertThat(lines).as("the file of the masking appender").hasSize(events)
                .allSatisfy(line -> assertThat(line).doesNotContain("4111").endsWith("card=\"" + MaskingFileAppender.MASK + "\""));
    }

    private static void assertEveryEventExactlyOnce(Map<String, Integer> seen) {
        assertThat(seen.values()).as("events written more than once").allMatch(count -> count == 1);
        assertThat(seen).as("distinct events written").hasSize(THREADS * EVENTS_PER_THREAD);
    }
}
