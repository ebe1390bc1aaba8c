package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.core.OutputStreamAppender;
import io.ringlog.contract.TestThreads;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.spi.MDCAdapter;

/**
 * File children without a filter are encoded on the callers' threads, with their own encoder, and write what
 * synchronous logging writes; a child with a filter that Ringlog does not decide on the callers is encoded on the
 * consumer; with {@code callerEncoding=ALWAYS}, children whose encoder Ringlog does not know are encoded on the callers
 * too; the children get their own encoders back when the appender stops. (Rolling over while encoded on the callers is the rolling contract's scenario,
 * {@code contract-rolling.xml}: its file has no filter, so it is encoded on the callers there too.)
 */
class CallerEncodingIT {

    private static final int THREADS = 4;
    private static final int EVENTS_PER_THREAD = 2_000;
    private static final Pattern LINE = Pattern.compile(".* \\[(caller-\\d)\\] \\[req-\\d+\\] app - event (\\d+)$");

    @TempDir
    Path dir;

    @Test
    void aFileChildIsEncodedOnTheCallersAndHoldsWhatSynchronousLoggingWrote() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("caller-encoding").property("dir", dir).configure("caller-encoding")) {
            OutputStreamAppender<?> encodedChild = logback.child("ENCODED");
            OutputStreamAppender<?> filteredChild = logback.child("FILTERED");
            assertThat(encodedChild.getEncoder()).as("ENCODED's encoder while Ringlog runs").isInstanceOf(CallerEncoder.class);
            Object own = ((CallerEncoder) encodedChild.getEncoder()).own();
            assertThat(filteredChild.getEncoder()).as("a child with a filter Ringlog cannot decide keeps its encoder")
                    .isInstanceOf(PatternLayoutEncoder.class);

            logFromCallers(logback);

            logback.ring().stop();
            assertThat(encodedChild.getEncoder()).as("its own encoder is back after the stop").isSameAs(own);
        }
        assertEncodedAsSynchronousLoggingWrote();
        assertThat(Files.readAllLines(dir.resolve("encoded.log"), StandardCharsets.UTF_8).stream().map(LINE::matcher).filter(Matcher::matches))
                .as("ENCODED's lines, each beginning with the thread that encoded it")
                .allSatisfy(line -> assertThat(line.group(0)).startsWith(line.group(1) + " "));
        List<String> filtered = Files.readAllLines(dir.resolve("filtered.log"), StandardCharsets.UTF_8);
        assertThat(filtered.stream().filter(line -> line.matches("(INFO |WARN ) \\[caller-\\d\\] \\[ringlog-RING\\] event \\d+")))
                .as("INFO and WARN lines of the child with a filter, each encoded on the consumer").hasSize(THREADS * EVENTS_PER_THREAD / 2);
    }

    @Test
    void twoFileChildrenAreBothEncodedOnTheCallersEachWithItsOwnEncoder() throws Exception {
        ThreadRecordingEncoder encoded;
        ThreadRecordingEncoder second;
        try (LogbackFixture logback = new LogbackFixture("caller-encoding-two").property("dir", dir).configure("caller-encoding-two")) {
            encoded = encodedOnTheCallers(logback.child("ENCODED"));
            OutputStreamAppender<?> secondChild = logback.child("SECOND");
            second = encodedOnTheCallers(secondChild);

            logFromCallers(logback);

            logback.ring().stop();
            assertThat(secondChild.getEncoder()).as("its own encoder is back after the stop").isSameAs(second);
        }
        assertEncodedAsSynchronousLoggingWrote();
        List<String> secondLines = Files.readAllLines(dir.resolve("second.log"), StandardCharsets.UTF_8);
        assertThat(secondLines.stream().filter(line -> line.matches("(DEBUG|INFO |WARN ) \\[caller-\\d\\] event \\d+")))
                .as("the second child's lines, in its own pattern").hasSize(THREADS * EVENTS_PER_THREAD);
        assertThat(encoded.encodingThreads()).isNotEmpty().allSatisfy(name -> assertThat(name).startsWith("caller-"));
        assertThat(second.encodingThreads()).isNotEmpty().allSatisfy(name -> assertThat(name).startsWith("caller-"));
    }

    /** The child's own encoder, behind the stand-in that encodes on the callers. */
    private static ThreadRecordingEncoder encodedOnTheCallers(OutputStreamAppender<?> child) {
        assertThat(child.getEncoder()).as("%s's encoder", child.getName()).isInstanceOf(CallerEncoder.class);
        return (ThreadRecordingEncoder) ((CallerEncoder) child.getEncoder()).own();
    }

    /** encoded.log holds what the synchronous file holds, every caller's events in its order. */
    private void assertEncodedAsSynchronousLoggingWrote() throws IOException {
        List<String> async = Files.readAllLines(dir.resolve("encoded.log"), StandardCharsets.UTF_8);
        List<String> sync = Files.readAllLines(dir.resolve("sync.log"), StandardCharsets.UTF_8);
        assertThat(sorted(async)).as("the lines encoded on the callers, against the synchronous file's").isEqualTo(sorted(sync));
        assertThat(async.stream().filter(line -> LINE.matcher(line).matches()).count()).isEqualTo((long) THREADS * EVENTS_PER_THREAD);
        assertPerCallerOrder(async);
    }

    /** Each caller logs its events in order, with an MDC request id; every 50th is a WARN with an exception, every other one DEBUG. */
    private static void logFromCallers(LogbackFixture logback) throws InterruptedException {
        Logger log = logback.logger("app");
        MDCAdapter mdc = logback.context.getMDCAdapter();
        List<Thread> callers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            callers.add(TestThreads.startThread("caller-" + t, () -> {
                for (int i = 0; i < EVENTS_PER_THREAD; i++) {
                    mdc.put("requestId", "req-" + i);
                    if (i % 50 == 0) {
                        log.warn("event {}", i, new IOException("failure " + i));
                    } else if (i % 2 == 0) {
                        log.info("event {}", i);
                    } else {
                        log.debug("event {}", i);
                    }
                }
                mdc.remove("requestId");
            }));
        }
        for (Thread caller : callers) {
            caller.join();
        }
    }

    private static void assertPerCallerOrder(List<String> lines) {
        int[] last = new int[THREADS];
        java.util.Arrays.fill(last, -1);
        for (String line : lines) {
            Matcher matcher = LINE.matcher(line);
            if (matcher.matches()) {
                int caller = matcher.group(1).charAt(matcher.group(1).length() - 1) - '0';
                int event = Integer.parseInt(matcher.group(2));
                assertThat(event).as("order of %s's events at line: %s", matcher.group(1), line).isGreaterThan(last[caller]);
                last[caller] = event;
            }
        }
    }

    private static List<String> sorted(List<String> lines) {
        List<String> copy = new ArrayList<>(lines);
        Collections.sort(copy);
        return copy;
    }
}
