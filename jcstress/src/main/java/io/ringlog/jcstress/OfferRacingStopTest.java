package io.ringlog.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.PipelineStats;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * One caller offers while another thread stops the pipeline: the close handshake. Result: (accepted by
 * offer, deliveries seen by the sink, drops counted).
 */
@JCStressTest
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "accepted before the close, delivered once")
@Outcome(id = "0, 0, 1", expect = ACCEPTABLE, desc = "refused at the close and counted as dropped")
@Outcome(id = "1, 0, 0", expect = FORBIDDEN, desc = "event accepted but never delivered")
@Outcome(id = "0, 0, 0", expect = FORBIDDEN, desc = "event refused but never counted")
@Outcome(id = "0, 1, .*", expect = FORBIDDEN, desc = "refused event delivered anyway")
@Outcome(id = "1, 2, .*", expect = FORBIDDEN, desc = "event delivered twice")
@Outcome(id = ".*", expect = FORBIDDEN, desc = "accounting broken")
@State
public class OfferRacingStopTest {
    private final Fixture fixture = new Fixture(4, FullQueuePolicy.BLOCK);
    private int accepted;

    @Actor
    public void caller() {
        accepted = fixture.offer(7);
    }

    @Actor
    public void stopper() {
        fixture.pipeline.stop();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        fixture.pipeline.stop();
        PipelineStats stats = fixture.pipeline.stats();
        r.r1 = accepted;
        r.r2 = fixture.deliveries.get();
        r.r3 = (int) stats.dropped();
    }
}
