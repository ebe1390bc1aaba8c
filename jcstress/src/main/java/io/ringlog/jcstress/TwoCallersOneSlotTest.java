package io.ringlog.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.ringlog.core.FullQueuePolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Two callers race for a ring of one slot under DROP_ALL, against a running consumer: each event is delivered
 * exactly once with its own value, or dropped and counted. Result: (accepted, deliveries, sum of delivered
 * values, drops); the values are 1 and 2.
 */
@JCStressTest
@Outcome(id = "2, 2, 3, 0", expect = ACCEPTABLE, desc = "both fit (the consumer freed the slot in between)")
@Outcome(id = {"1, 1, 1, 1", "1, 1, 2, 1"}, expect = ACCEPTABLE_INTERESTING, desc = "one dropped, the other delivered once")
@Outcome(id = "1, 1, 3, 1", expect = FORBIDDEN, desc = "a dropped event's value was delivered (slot overwritten)")
@Outcome(id = "2, 2, [^3], 0", expect = FORBIDDEN, desc = "a slot was overwritten before delivery")
@Outcome(id = "2, [^2], .*", expect = FORBIDDEN, desc = "event counted but never delivered, or delivered twice")
@Outcome(id = ".*", expect = FORBIDDEN, desc = "accounting broken")
@State
public class TwoCallersOneSlotTest {
    private final Fixture fixture = new Fixture(1, FullQueuePolicy.DROP_ALL);
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
