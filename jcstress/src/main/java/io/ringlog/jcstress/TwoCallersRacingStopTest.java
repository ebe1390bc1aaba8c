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
 * Two callers offer (values 3 and 4) while a third thread stops the pipeline: the close must fix one last sequence
 * and deliver nothing past it, even when a later caller publishes before an earlier one has. Result: (accepted,
 * deliveries, sum of delivered values, drops). Three actors beside the consumer thread: jcstress runs it only on a
 * machine with at least three CPUs (it skips it on the 2-CPU machines here).
 */
@JCStressTest
@Outcome(id = "2, 2, 7, 0", expect = ACCEPTABLE, desc = "both accepted before the close, both delivered once")
@Outcome(id = {"1, 1, 3, 1", "1, 1, 4, 1"}, expect = ACCEPTABLE, desc = "one accepted and delivered, the other refused and counted")
@Outcome(id = "0, 0, 0, 2", expect = ACCEPTABLE, desc = "both refused at the close and counted as dropped")
@Outcome(id = {"1, 2, .*", "0, 1, .*", "0, 2, .*"}, expect = FORBIDDEN, desc = "an event counted as dropped was delivered anyway")
@Outcome(id = {"2, 1, .*", "2, 0, .*", "1, 0, .*"}, expect = FORBIDDEN, desc = "an event accepted but never delivered")
@Outcome(id = ".*", expect = FORBIDDEN, desc = "accounting broken")
@State
public class TwoCallersRacingStopTest {
    private final Fixture fixture = new Fixture(4, FullQueuePolicy.BLOCK);
    private int first;
    private int second;

    @Actor
    public void firstCaller() {
        first = fixture.offer(3);
    }

    @Actor
    public void secondCaller() {
        second = fixture.offer(4);
    }

    @Actor
    public void stopper() {
        fixture.pipeline.stop();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        fixture.stopAndReport(first, second, r);
    }
}
