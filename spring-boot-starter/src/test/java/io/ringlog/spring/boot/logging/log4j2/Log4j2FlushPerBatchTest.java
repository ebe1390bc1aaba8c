package io.ringlog.spring.boot.logging.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.spring.boot.TestApplication;
import io.ringlog.spring.boot.logging.BootOutput;
import io.ringlog.spring.boot.logging.RinglogLoggingListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.appender.RollingFileAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Behind the starter, Spring Boot's Log4j2 {@code Console} and {@code File} flush once per batch, not once per event:
 * lines queued behind a consumer held inside the console reach standard output in a few writes, and the file, flushed at
 * the end of the batch, holds every line without waiting for a stop.
 */
class Log4j2FlushPerBatchTest {
    private static final int LINES = 100;
    private static final Pattern LINE = Pattern.compile("batch-line (\\d+)\\b");

    @TempDir
    Path dir;

    @Test
    void bootsConsoleAndFileFlushOncePerBatch() throws Exception {
        PrintStream original = System.out;
        GatedConsole console = new GatedConsole("batch-line 0");
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        Path file = dir.resolve("app.log");
        try (ConfigurableApplicationContext context = TestApplication.withProperties("logging.file.name=" + file).run()) {
            assertThat(context.getEnvironment().getProperty("logging.file.name")).isEqualTo(file.toString());
            Configuration configuration = Log4j2View.configuration();
            // Log4j2's ConsoleAppender flushes per event whatever its immediateFlush says: the starter puts another in its place.
            assertThat(configuration.<AbstractOutputStreamAppender<?>>getAppender("Console"))
                    .isNotInstanceOf(ConsoleAppender.class).extracting(AbstractOutputStreamAppender::getImmediateFlush).isEqualTo(false);
            assertThat(configuration.<AbstractOutputStreamAppender<?>>getAppender("File"))
                    .isInstanceOf(RollingFileAppender.class).extracting(AbstractOutputStreamAppender::getImmediateFlush).isEqualTo(false);
            assertThat(new Log4j2View().ringlogTargets()).containsExactlyInAnyOrder("Console", "File");
            assertThat(new Log4j2View().rootAppenders()).containsExactly(RinglogLoggingListener.APPENDER_NAME);

            Logger log = LoggerFactory.getLogger("io.ringlog.test.Batch");
            log.info("batch-line 0");
            assertThat(console.held.await(10, TimeUnit.SECONDS)).as("the consumer writing line 0 to the console").isTrue();
            for (int i = 1; i < LINES; i++) {
                log.info("batch-line {}", i);
            }
            console.open();

            await().atMost(Duration.ofSeconds(10)).until(() -> console.linesWritten() == LINES);
            // Line 0 is a batch of its own; lines 1 to 99, queued behind it, are one batch: the console's buffer (8 KiB)
            // fills once or twice, and the batch's end flushes the rest. Flushing per event takes 100 writes.
            assertThat(console.writesWithLines()).as("writes to System.out for %d lines", LINES).isBetween(2, 6);
            await().atMost(Duration.ofSeconds(10)).until(() -> BootOutput.count(LINE, Files.readString(file)) == LINES);
        } finally {
            System.setOut(original);
        }
    }

    /** Standard output that holds the first write carrying {@code marker} until opened, and counts the writes with lines. */
    private static final class GatedConsole extends OutputStream {
        private final String marker;
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch gate = new CountDownLatch(1);
        private final ByteArrayOutputStream written = new ByteArrayOutputStream();
        private int writesWithLines;

        GatedConsole(String marker) {
            this.marker = marker;
        }

        @Override
        public synchronized void write(int b) {
            written.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            String text = new String(bytes, offset, length, StandardCharsets.UTF_8);
            if (text.contains(marker) && held.getCount() > 0) {
                held.countDown();
                try {
                    gate.await();
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException();
                }
            }
            synchronized (this) {
                written.write(bytes, offset, length);
                if (LINE.matcher(text).find()) {
                    writesWithLines++;
                }
            }
        }

        void open() {
            gate.countDown();
        }

        synchronized int writesWithLines() {
            return writesWithLines;
        }

        synchronized int linesWritten() {
            return BootOutput.count(LINE, written.toString(StandardCharsets.UTF_8));
        }
    }
}
