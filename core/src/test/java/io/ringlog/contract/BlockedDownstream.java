package io.ringlog.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.ringlog.core.EventLevel;
import java.time.Duration;

/**
 * The start of the adapters' blocked-forever tests, for a Ringlog appender with a 64-slot ring in front of a faulty
 * downstream that blocks on the message {@code block} until the test releases it: the ring is filled behind the
 * blocked event, then a late INFO and a late WARN are logged on their own threads. Those the policy makes wait are
 * parked when {@link #fill} returns; the others have already returned, promptly.
 */
public final class BlockedDownstream {
    /** Events logged by {@link #fill}: the blocked one, 63 queued behind it, and the two late ones. */
    public static final int LOGGED = 66;

    public final TimedCall lateInfo;
    public final TimedCall lateWarn;
    /** Whether the late INFO's caller waits for room (BLOCK). */
    public final boolean infoWaits;
    /** Whether the late WARN's caller waits for room (BLOCK and DROP_BELOW_WARN). */
    public final boolean warnWaits;

    private BlockedDownstream(TimedCall lateInfo, TimedCall lateWarn, boolean infoWaits, boolean warnWaits) {
        this.lateInfo = lateInfo;
        this.lateWarn = lateWarn;
        this.infoWaits = infoWaits;
        this.warnWaits = warnWaits;
    }

    /** Logs {@code block}, waits until the downstream blocks on it, fills the ring, and logs the two late events. */
    public static BlockedDownstream fill(StallScenario.Policy policy, LevelLogger logger, InjectedFaults faults) throws InterruptedException {
        logger.log(EventLevel.INFO, "block");
        await().atMost(Duration.ofSeconds(20)).until(() -> faults.blocked() == 1);
        for (int i = 0; i < 63; i++) {
            logger.log(EventLevel.INFO, "queued {}", i);
        }
        TimedCall lateInfo = new TimedCall("late-info", () -> logger.log(EventLevel.INFO, "late info"), faults);
        TimedCall lateWarn = new TimedCall("late-warn", () -> logger.log(EventLevel.WARN, "late warn"), faults);
        BlockedDownstream blocked = new BlockedDownstream(lateInfo, lateWarn, policy == StallScenario.Policy.BLOCK,
                policy != StallScenario.Policy.DROP_ALL);
        awaitParkedOrPrompt(lateInfo, blocked.infoWaits);
        awaitParkedOrPrompt(lateWarn, blocked.warnWaits);
        return blocked;
    }

    private static void awaitParkedOrPrompt(TimedCall call, boolean waits) throws InterruptedException {
        if (waits) {
            call.awaitParked();
        } else {
            assertThat(call.join()).isLessThan(StallScenario.PROMPT_MILLIS);
        }
    }

    /** How many of the two late callers waited. */
    public int waited() {
        return (infoWaits ? 1 : 0) + (warnWaits ? 1 : 0);
    }

    /** Waits until both late calls returned (after the stop released the waiting ones). */
    public void joinLateCallers() throws InterruptedException {
        lateInfo.join();
        lateWarn.join();
    }
}
