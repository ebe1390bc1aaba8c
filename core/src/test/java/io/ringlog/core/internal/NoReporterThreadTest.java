package io.ringlog.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringlog.core.EventLevel;
import io.ringlog.core.EventSink;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.SlotWriter;
import io.ringlog.core.StatusReporter;
import io.ringlog.core.StopReport;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The periodic summary cannot be scheduled (no native thread for the reporter): the start still succeeds, says so, and
 * the pipeline delivers and stops as usual, rather than failing with its consumer thread left running and its exit hook
 * registered.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NoReporterThreadTest {

    private static final SlotWriter<StringBuilder, String> WRITER = (slot, event) -> slot.append(event);

    @Test
    void aPipelineWhoseSummaryCannotBeScheduledStartsDeliversAndStops() {
        List<String> delivered = new CopyOnWriteArrayList<>();
        List<String> warnings = new CopyOnWriteArrayList<>();
        EventSink<StringBuilder> sink = new EventSink<>() {
            @Override
            public void deliver(StringBuilder slot, boolean endOfBatch) {
                delivered.add(slot.toString());
            }

            @Override
            public void clear(StringBuilder slot) {
                slot.setLength(0);
            }
        };
        StatusReporter status = new StatusReporter() {
            @Override
            public void info(String message) {
            }

            @Override
            public void warn(String message) {
                warnings.add(message);
            }

            @Override
            public void error(String message, Throwable cause) {
            }
        };
        RingPipeline<StringBuilder> pipeline = new RingPipeline<>(PipelineSettings.builder("no-reporter").capacity(16)
                .drainOnJvmExit(false).build(), StringBuilder::new, sink, status, (period, report) -> {
                    throw new OutOfMemoryError("unable to create native thread: possibly out of memory or process/resource limits reached");
                });

        pipeline.start();
        assertThat(warnings).singleElement().asString().contains("could not schedule its periodic drop summaries");
        for (int i = 0; i < 100; i++) {
            assertThat(pipeline.offer(EventLevel.INFO, "e" + i, WRITER)).isTrue();
        }
        StopReport report = pipeline.stop();

        assertThat(report.drained()).isTrue();
        assertThat(delivered).hasSize(100);
        assertThat(pipeline.isRunning()).isFalse();
    }
}
