package io.ringlog.contract;

import io.ringlog.core.EventLevel;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The load of the stress and soak contracts: producer {@code p} (thread {@code stress-p}, context value
 * {@code user=u<p>}) logs its events {@code i = 0, 1, ...} at {@link #level(long) a fixed mix of levels} as
 * {@code p<p> #<i> <payload>}, so that every line of the file says which event it is and can be checked whole.
 */
final class StressLoad {
    /** Ten events of each producer in a row: 2 TRACE, 2 DEBUG, 3 INFO, 2 WARN, 1 ERROR (30% WARN or ERROR). */
    private static final EventLevel[] MIX = {
        EventLevel.TRACE, EventLevel.DEBUG, EventLevel.INFO, EventLevel.WARN, EventLevel.INFO,
        EventLevel.DEBUG, EventLevel.ERROR, EventLevel.TRACE, EventLevel.WARN, EventLevel.INFO,
    };
    /** Non-ASCII and a separator character, to show that content arrives intact. */
    static final String PAYLOAD = "payload-äöü-€-✓|end";

    private StressLoad() {
    }

    static EventLevel level(long index) {
        return MIX[(int) (index % MIX.length)];
    }

    static String threadName(int producer) {
        return "stress-" + producer;
    }

    /** The line {@code %level|%thread|%X{user}|%msg} of one event. */
    static String expectedLine(int producer, long index) {
        return level(index) + "|" + threadName(producer) + "|u" + producer + "|p" + producer + " #" + index + " " + PAYLOAD;
    }

    /** Logs one event of the load. */
    static void log(ContractHarness harness, int producer, long index) {
        log(harness, producer, index, PAYLOAD);
    }

    /** Logs one event of the load with {@code payload} as its last argument, which must print as {@link #PAYLOAD}. */
    static void log(ContractHarness harness, int producer, long index, Object payload) {
        harness.log(level(index), "p{} #{} {}", producer, index, payload);
    }

    /** How many of a producer's first {@code perProducer} events are at each level, times {@code producers}. */
    static Map<EventLevel, Long> loggedPerLevel(int producers, long perProducer) {
        Map<EventLevel, Long> counts = new EnumMap<>(EventLevel.class);
        for (EventLevel level : EventLevel.values()) {
            counts.put(level, 0L);
        }
        for (long i = 0; i < perProducer; i++) {
            counts.merge(level(i), (long) producers, Long::sum);
        }
        return counts;
    }

    /**
     * Runs {@code producers} threads, each logging its events {@code 0 .. perProducer-1} with its context value
     * set, and waits for all of them.
     */
    static void run(ContractHarness harness, int producers, long perProducer) throws InterruptedException {
        run(harness, producers, 0, perProducer);
    }

    /** As {@link #run(ContractHarness, int, long)}, for the events {@code from .. from+count-1} of each producer. */
    static void run(ContractHarness harness, int producers, long from, long count) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            threads.add(new Thread(() -> {
                harness.putContext("user", "u" + producer);
                for (long i = from; i < from + count; i++) {
                    log(harness, producer, i);
                }
                harness.putContext("user", null);
            }, threadName(p)));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
    }
}
