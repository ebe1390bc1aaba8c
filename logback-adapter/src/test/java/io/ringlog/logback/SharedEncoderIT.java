package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.FileAppender;
import io.ringlog.contract.TestThreads;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two file children that share one encoder object (as Spring Boot's structured logging does through the starter) are
 * encoded once per event on the callers: the second takes the first one's bytes when its filter takes the event, and
 * encodes for itself when the first refused it. Each file holds what its filter took, in the shared pattern.
 */
class SharedEncoderIT {
    private static final int THREADS = 4;
    private static final int EVENTS_PER_THREAD = 1_000;
    private static final int EVENTS = THREADS * EVENTS_PER_THREAD;
    /** Every 10th event of a thread is a WARN. */
    private static final int WARNS = EVENTS / 10;

    @TempDir
    Path dir;

    @Test
    void twoChildrenWithOneEncoderAreEncodedOncePerEvent() throws Exception {
        CountingEncoder encoder = run(null, null);

        assertThat(lines("first.log")).hasSize(EVENTS);
        assertThat(lines("second.log")).isEqualTo(lines("first.log"));
        assertThat(encoder.calls()).as("encoder calls for %d events and two children", EVENTS).isEqualTo(EVENTS);
        assertThat(encoder.threads).allSatisfy(name -> assertThat(name).startsWith("caller-"));
    }

    @Test
    void theSecondChildTakesTheFirstOnesBytesOnlyForTheEventsItsOwnFilterTakes() throws Exception {
        CountingEncoder encoder = run(null, Level.WARN);

        assertThat(lines("first.log")).hasSize(EVENTS);
        assertThat(lines("second.log")).hasSize(WARNS).allSatisfy(line -> assertThat(line).startsWith("WARN "));
        assertThat(encoder.calls()).isEqualTo(EVENTS);
    }

    @Test
    void theSecondChildEncodesForItselfWhatTheFirstRefused() throws Exception {
        CountingEncoder encoder = run(Level.WARN, null);

        assertThat(lines("first.log")).hasSize(WARNS).allSatisfy(line -> assertThat(line).startsWith("WARN "));
        assertThat(lines("second.log")).hasSize(EVENTS);
        assertThat(encoder.calls()).isEqualTo(EVENTS);
    }

    /**
     * Logs from {@value #THREADS} callers through a Ringlog appender whose two file children share one encoder, each
     * child with a threshold (null for none); returns the encoder once the appender has stopped.
     */
    private CountingEncoder run(Level firstThreshold, Level secondThreshold) throws InterruptedException {
        LoggerContext context = new LoggerContext();
        context.setName("shared-encoder");
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.start();
        CountingEncoder encoder = new CountingEncoder();
        encoder.setContext(context);
        encoder.setPattern("%-5level [%thread] %msg%n");
        encoder.setCharset(StandardCharsets.UTF_8);
        encoder.start();
        RingAsyncAppender ring = new RingAsyncAppender();
        ring.setContext(context);
        ring.setName("RING");
        ring.setQueueSize(64);
        ring.setCallerEncoding("ALWAYS"); // the test's encoder is not one Ringlog knows to be thread-safe
        ring.addAppender(file(context, "first", encoder, firstThreshold));
        ring.addAppender(file(context, "second", encoder, secondThreshold));
        ring.start();
        assertThat(ring.isStarted()).as("%s", context.getStatusManager().getCopyOfStatusList()).isTrue();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(ring);
        Logger log = context.getLogger("app");
        List<Thread> callers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            callers.add(TestThreads.startThread("caller-" + t, () -> {
                for (int i = 0; i < EVENTS_PER_THREAD; i++) {
                    if (i % 10 == 0) {
                        log.warn("event {}", i);
                    } else {
                        log.info("event {}", i);
                    }
                }
            }));
        }
        for (Thread caller : callers) {
            caller.join();
        }
        context.stop();
        return encoder;
    }

    private FileAppender<ILoggingEvent> file(LoggerContext context, String name, CountingEncoder encoder, Level threshold) {
        FileAppender<ILoggingEvent> file = new FileAppender<>();
        file.setContext(context);
        file.setName(name);
        file.setFile(dir.resolve(name + ".log").toString());
        file.setEncoder(encoder);
        if (threshold != null) {
            ThresholdFilter filter = new ThresholdFilter();
            filter.setLevel(threshold.levelStr);
            filter.start();
            file.addFilter(filter);
        }
        file.start();
        return file;
    }

    private List<String> lines(String file) throws Exception {
        return Files.readAllLines(dir.resolve(file), StandardCharsets.UTF_8);
    }

    /** Logback's pattern encoder, counting its calls and the threads that made them. */
    private static final class CountingEncoder extends PatternLayoutEncoder {
        private final AtomicInteger calls = new AtomicInteger();
        final Set<String> threads = ConcurrentHashMap.newKeySet();

        @Override
        public byte[] encode(ILoggingEvent event) {
            calls.incrementAndGet();
            threads.add(Thread.currentThread().getName());
            return super.encode(event);
        }

        int calls() {
            return calls.get();
        }
    }
}
