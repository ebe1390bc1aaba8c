package io.ringlog.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.ringlog.core.FullQueuePolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Two callers race for a ring of one slot under BLOCK, against a running consumer: whichever loses waits on the
 * capacity gate until the consumer frees the slot, so both events are delivered exactly once, with their own
 * values, and nothing is dropped. A lost wake-up would show as a hang (the gate re-checks every 10 ms, so it
 * shows as a slow test instead); a slot claimed twice as a wrong sum. Result: (accepted, deliveries, sum of
 * delivered values, drops); the values are 1 and 2.
 */
@JCStressTest
@Outcome(id = "2, 2, 3, 0", expect = ACCEPTABLE, desc = "both delivered once, nothing dropped")
@Outcome(id = "2, 2, [^3], 0", expect = FORBIDDEN, desc = "a slot was overwritten before delivery")
@Outcome(id = "2, [^2], .*", expect = FORBIDDEN, desc = "event counted but never delivered, or delivered twice")
@Outcome(id = "[^2], .*", expect = FORBIDDEN, desc = "a blocking caller's event was dropped")
@Outcome(id = ".*", expect = FORBIDDEN, desc = "accounting broken")
@State
public class TwoBlockingCallersOneSlotTest {
    private final Fixture fixture = new Fixture(1, FullQueuePolicy.BLOCK);
    private int first;
    private int second;

    @Actor
    public void callerOne() {
        first = fixture.offer(1);
    }

    @Actor
    public void callerTwo() {
        second = fixture.offer(2);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        fixture.stopAndReport(first, second, r);
    }
}
