package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import io.ringlog.contract.Accounting;
import io.ringlog.core.PipelineStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A child that throws (RuntimeException and Error) neither stops delivery nor starves its sibling. */
class ChildFailureIT {

    @Test
    void aThrowingChildIsCountedAndReportedWhileItsSiblingGetsEveryEvent() {
        try (LogbackFixture logback = new LogbackFixture("failing").configure("failing-children")) {
            RingAsyncAppender ring = logback.ring();
            GateAppender recorder = logback.child("RECORDER");
            Logger log = logback.logger("app");
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                String message = i == 3 ? "event 3 throw-runtime" : i == 6 ? "event 6 throw-error" : "event " + i;
                log.info(message);
                expected.add(message);
            }
            await().until(() -> recorder.received().size() == 10);
            assertThat(recorder.messages()).containsExactlyElementsOf(expected);
            await().until(() -> ring.getStats().delivered() + ring.getStats().failed() == 10);
            PipelineStats stats = ring.getStats();
            assertThat(stats.failed()).isEqualTo(2);
            assertThat(stats.delivered()).isEqualTo(8);

            Optional<Status> first = logback.statuses().stream()
                    .filter(s -> s.getLevel() == Status.ERROR && s.getMessage().contains("a downstream appender threw"))
                    .findFirst();
            assertThat(first).isPresent();
            assertThat(first.get().getThrowable()).isInstanceOf(ChildAppenderFailure.class)
                    .hasMessageContaining("Appender [THROWING] threw java.lang.IllegalStateException: simulated failure on event 3").hasMessageContaining("logger [app]")
                    .hasCauseInstanceOf(IllegalStateException.class);

            log.info("after failures");
            await().until(() -> recorder.received().size() == 11);
            ring.stop();
            assertThat(logback.messages(Status.ERROR)).anyMatch(m -> m.contains("downstream appenders threw on 2 events")
                    && m.contains(ThrowingAppender.SimulatedError.class.getName()));
            Accounting.assertAccounted(ring.getStats(), 11);
        }
    }
}
