package io.ringlog.log4j2;

import static io.ringlog.log4j2.TestContexts.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.TestThreads;
import io.ringlog.core.PipelineStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.impl.DefaultLogEventFactory;
import org.apache.logging.log4j.message.ParameterizedMessageFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A caller formats its message before it claims a slot in the ring, as Async Loggers do: the consumer hands events on
 * in ring order, so a caller that formatted inside its claimed slot held up every other caller's line for as long as
 * a parameter's {@code toString()} took, or the caller was off the CPU meanwhile (with hundreds of request threads on
 * a few cores, tens of milliseconds).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FormattingBeforeTheClaimIT {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @Test
    void aCallerStillFormattingItsMessageHoldsUpNoOtherCallersLine() throws Exception {
        LoggerContext context = TestContexts.start("format-before-claim.xml", dir);
        CountDownLatch formatting = new CountDownLatch(1);
        CountDownLatch formatted = new CountDownLatch(1);
        try {
            // As in a web application, where Log4j2's thread-locals are off: messages are not reusable, and the event
            // leaves its message unformatted until an appender needs it.
            context.getConfiguration().getRootLogger().setLogEventFactory(DefaultLogEventFactory.getInstance());
            Logger logger = context.getLogger("app", ParameterizedMessageFactory.INSTANCE);
            Object slowParameter = new Object() {
                @Override
                public String toString() {
                    formatting.countDown();
                    try {
                        formatted.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return "slow";
                }
            };
            Thread slow = TestThreads.startThread("slow caller", () -> logger.info("first, with a {} parameter", slowParameter));
            assertThat(formatting.await(10, TimeUnit.SECONDS)).isTrue();

            logger.info("second");
            Path file = dir.resolve("formatted.log");
            await("the second line, written while the first caller still formats its message").atMost(WAIT)
                    .until(() -> lines(file).contains("second"));

            formatted.countDown();
            slow.join(WAIT.toMillis());
            assertThat(slow.isAlive()).isFalse();
            await().atMost(WAIT).until(() -> lines(file).size() == 2);
            assertThat(lines(file)).containsExactly("second", "first, with a slow parameter");
            PipelineStats stats = TestContexts.appender(context, "RING", RingAsyncAppender.class).getStats();
            assertThat(stats.delivered()).as(stats.toString()).isEqualTo(2);
            assertThat(stats.dropped() + stats.deliveredDirectly()).as(stats.toString()).isZero();
        } finally {
            formatted.countDown();
            context.stop();
        }
    }
}
