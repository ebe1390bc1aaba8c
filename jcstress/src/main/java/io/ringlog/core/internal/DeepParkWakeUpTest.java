package io.ringlog.core.internal;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * The idle consumer's deep park against a producer's claim: the consumer advertises the park and reads the ring's
 * cursor ({@link ConsumerParking#advertiseDeepPark}), the producer claims a slot with a CAS on the cursor and then
 * signals ({@link ConsumerParking#signalAllWhenBlocking}). They must never miss each other: either the consumer sees
 * the claim, or the producer takes the wake-up (the advertisement is gone afterwards). Result: (the consumer saw the
 * claim, the park is still advertised after both). In the package of the class under test, whose methods are
 * package-private.
 */
@JCStressTest
@Outcome(id = "true, false", expect = ACCEPTABLE, desc = "each saw the other")
@Outcome(id = "true, true", expect = ACCEPTABLE, desc = "the consumer saw the claim; the producer signalled first")
@Outcome(id = "false, false", expect = ACCEPTABLE_INTERESTING, desc = "the producer claimed after the read and woke it")
@Outcome(id = "false, true", expect = FORBIDDEN, desc = "a missed wake-up: the consumer would park on a claimed slot")
@State
public class DeepParkWakeUpTest {
    /** Never started: unparking it does nothing, which is all the producer's signal needs here. */
    private static final Thread CONSUMER = new Thread(() -> { }, "deep-park-consumer");

    private final ConsumerParking parking = new ConsumerParking(1024);
    private final Cursor cursor = new Cursor();

    @Actor
    public void consumer(ZZ_Result r) {
        r.r1 = parking.advertiseDeepPark(CONSUMER, () -> cursor.get() >= 0);
    }

    @Actor
    public void producer() {
        cursor.compareAndSet(-1, 0);
        parking.signalAllWhenBlocking();
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        r.r2 = parking.advertised();
    }

    /** The ring's cursor as the Disruptor's {@code Sequence} accesses it: a plain load and an acquire fence; a CAS. */
    static final class Cursor {
        private static final VarHandle VALUE;

        static {
            try {
                VALUE = MethodHandles.lookup().findVarHandle(Cursor.class, "value", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private long value = -1;

        long get() {
            long v = value;
            VarHandle.acquireFence();
            return v;
        }

        boolean compareAndSet(long expected, long next) {
            return VALUE.compareAndSet(this, expected, next);
        }
    }
}
