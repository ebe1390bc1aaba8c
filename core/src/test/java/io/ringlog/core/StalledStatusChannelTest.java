package io.ringlog.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.contract.TestThreads;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A status channel that stalls (a console on a pipe nobody reads) holds up the reporter thread writing to it, never a
 * stopper: a stop publishes its report before the loss and the last summary are written, and the stopper that
 * completes the stop hands those messages to the reporter thread and waits for them only a bounded time (before, it
 * wrote them itself and stayed stuck with the channel, and with it Log4j2's configuration stop).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StalledStatusChannelTest {

    /** Records like {@link RecordingStatus}, but every error blocks until released. */
    private static final class StallingStatus implements StatusReporter {
        final CountDownLatch errorWriting = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public void info(String message) {
        }

        @Override
        public void warn(String message) {
        }

        @Override
        public void error(String message, Throwable cause) {
            errorWriting.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void aSecondStopReturnsWhileTheFirstIsStuckWritingTheLoss() throws Exception {
        RecordingSink sink = new RecordingSink().closed(); // the consumer sticks in the first delivery
        StallingStatus status = new StallingStatus();
        AsyncPipeline<TestSlot> pipeline = AsyncPipeline.create(PipelineSettings.builder("stalled-status").capacity(8)
                .drainTimeoutMillis(100).drainOnJvmExit(false).build(), TestSlot::new, sink, status);
        pipeline.start();
        try {
            for (int i = 0; i < 4; i++) {
                assertThat(pipeline.offer(EventLevel.INFO, TestEvent.of(EventLevel.INFO, "m" + i), TestSlot.WRITER)).isTrue();
            }
            assertThat(sink.firstDeliveryStarted.await(10, TimeUnit.SECONDS)).isTrue();

            CompletableFuture<StopReport> first = new CompletableFuture<>();
            TestThreads.startThread("first-stopper", () -> first.complete(pipeline.stop()));
            assertThat(status.errorWriting.await(10, TimeUnit.SECONDS)).as("the first stop writes the loss").isTrue();

            CompletableFuture<StopReport> second = new CompletableFuture<>();
            TestThreads.startThread("second-stopper", () -> second.complete(pipeline.stop()));
            StopReport report = second.get(10, TimeUnit.SECONDS);
            assertThat(report.drained()).isFalse();
            assertThat(report.undelivered()).as("the loss, reported to the second stopper").isEqualTo(3);
            StopReport firstReport = first.get(10, TimeUnit.SECONDS);
            assertThat(firstReport.undelivered()).as("the first stopper returns, the channel still stalled").isEqualTo(3);
            assertThat(status.release.getCount()).isEqualTo(1);
        } finally {
            status.release.countDown();
            sink.open();
        }
    }
}
