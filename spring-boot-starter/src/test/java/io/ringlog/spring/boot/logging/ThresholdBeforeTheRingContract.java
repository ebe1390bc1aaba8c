package io.ringlog.spring.boot.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.LiveAppender;
import io.ringlog.core.LiveAppenders;
import io.ringlog.core.PipelineStats;
import io.ringlog.spring.boot.TestApplication;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Spring Boot's {@code logging.threshold.console=WARN} and an INFO flood, behind a two-slot ring in front of a slow
 * console: the events the console's threshold refuses take no slot, make no caller wait and are counted nowhere; the
 * WARN lines are written. Subclassed once per framework (Logback decides Boot's {@code ThresholdFilter} on the caller,
 * Log4j2's {@code <RingAsync>} the {@code ThresholdFilter} inside Boot's {@code Console}).
 */
public abstract class ThresholdBeforeTheRingContract {
    private static final int THREADS = 4;
    private static final int INFO_PER_THREAD = 20_000;

    @Test
    public void anInfoFloodUnderTheConsoleThresholdTakesNoSlotAndMakesNoCallerWait() throws Exception {
        PrintStream original = System.out;
        SlowConsole console = new SlowConsole();
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        try (ConfigurableApplicationContext context = TestApplication.withProperties("logging.threshold.console=WARN",
                "ringlog.queue-size=2").run()) {
            assertThat(context.getEnvironment().getProperty("logging.threshold.console")).isEqualTo("WARN");
            LiveAppender ring = LiveAppenders.live().stream().filter(a -> a.name().equals(RinglogLoggingListener.APPENDER_NAME))
                    .reduce((first, last) -> last).orElseThrow();
            PipelineStats before = ring.stats();
            Logger log = LoggerFactory.getLogger("io.ringlog.test.Flood");
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Thread thread = new Thread(() -> {
                    for (int i = 0; i < INFO_PER_THREAD; i++) {
                        log.info("flood {}", i);
                    }
                }, "flood-" + t);
                thread.start();
                threads.add(thread);
            }
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(60));
                assertThat(thread.isAlive()).as(thread.getName()).isFalse();
            }
            PipelineStats flooded = ring.stats();
            assertThat(flooded.received()).as("the flood reached the ring: %s", flooded).isEqualTo(before.received());
            assertThat(flooded.callersBlocked()).as("callers waited: %s", flooded).isEqualTo(before.callersBlocked());

            for (int i = 0; i < 3; i++) {
                log.warn("over the threshold {}", i);
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> console.text().contains("over the threshold 2"));
            assertThat(console.text()).contains("over the threshold 0", "over the threshold 1").doesNotContain("flood ");
            PipelineStats stats = ring.stats();
            assertThat(stats.enqueued()).as(stats.toString()).isEqualTo(before.enqueued() + 3);
            assertThat(stats.dropped()).as(stats.toString()).isZero();
        } finally {
            System.setOut(original);
        }
    }

    /** Standard output that takes a millisecond per write: a console an INFO flood would have kept callers waiting for. */
    private static final class SlowConsole extends OutputStream {
        private final ByteArrayOutputStream written = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            written.write(b);
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            written.write(bytes, offset, length);
        }

        synchronized String text() {
            return written.toString(StandardCharsets.UTF_8);
        }
    }
}
