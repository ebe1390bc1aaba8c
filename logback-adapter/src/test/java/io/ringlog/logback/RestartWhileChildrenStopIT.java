package io.ringlog.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.TestThreads;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A start right after a stop whose drain gave up: the previous run's children are stopped on a separate thread, and
 * that thread must not stop them after the new run has started them again.
 */
class RestartWhileChildrenStopIT {

    @Test
    void aStartWaitsForThePreviousRunsChildrenToStopThenStartsThemAgain() throws Exception {
        try (LogbackFixture logback = new LogbackFixture("restart-while-children-stop").configure("restart-while-children-stop")) {
            RingAsyncAppender ring = logback.ring();
            StopHoldingGateAppender gate = logback.child("GATE");
            logback.logger("app").info("stuck");
            await().until(() -> gate.arrivals() == 1);

            ring.stop(); // gives up after maxFlushTime: the consumer is held in the gate
            await().atMost(Duration.ofSeconds(10)).until(() -> gate.stopping() != null);
            Thread stopper = gate.stopping();
            assertThat(stopper.getName()).isEqualTo("ringlog-RING-stop-children");

            Thread starter = TestThreads.startThread("restarter", ring::start);
            await().atMost(Duration.ofSeconds(10)).until(() -> starter.getState() == Thread.State.TIMED_WAITING
                    || !starter.isAlive());
            gate.allowStop();
            gate.open();
            starter.join(10_000);
            stopper.join(10_000);
            assertThat(stopper.isAlive()).isFalse();

            assertThat(ring.isStarted()).isTrue();
            assertThat(gate.isStarted()).as("the child, started again by the new run after the old run stopped it").isTrue();
            logback.logger("app").info("after the restart");
            await().atMost(Duration.ofSeconds(10)).until(() -> gate.messages().contains("after the restart"));
            assertThat(ring.getStats().failed()).isZero();
        }
    }
}
