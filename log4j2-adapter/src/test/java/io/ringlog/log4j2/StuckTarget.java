package io.ringlog.log4j2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.contract.TestThreads;
import java.time.Duration;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;

/**
 * The scenario of {@code stuck-target.xml}: one event inside a target that never returns, the ring of 4 full behind
 * it (3 queued), and one more caller parked waiting for room: Log4j2 counts that caller as a logging call in flight
 * and waits for it, without a bound, before it stops any appender.
 */
final class StuckTarget {
    /** Events logged: 1 in the target, 3 queued, 1 parked. */
    static final int LOGGED = 5;

    final RingAsyncAppender ring;
    final FaultyAppender stuck;
    final Thread parked;

    private StuckTarget(RingAsyncAppender ring, FaultyAppender stuck, Thread parked) {
        this.ring = ring;
        this.stuck = stuck;
        this.parked = parked;
    }

    /** Fills the ring behind the stuck target and parks one more caller. */
    static StuckTarget fill(LoggerContext context) {
        RingAsyncAppender ring = TestContexts.appender(context, "RING", RingAsyncAppender.class);
        FaultyAppender stuck = TestContexts.appender(context, "STUCK", FaultyAppender.class);
        Logger logger = context.getLogger("app");
        logger.info("line 0");
        await().atMost(Duration.ofSeconds(20)).until(() -> stuck.faults().blocked() == 1);
        for (int i = 1; i < LOGGED - 1; i++) {
            logger.info("line {}", i);
        }
        Thread parked = TestThreads.startThread("parked-caller", () -> logger.info("line parked"));
        TestThreads.awaitParked(parked);
        assertThat(ring.getStats().queueSize()).isEqualTo(4);
        return new StuckTarget(ring, stuck, parked);
    }
}
