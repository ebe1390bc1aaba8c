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

    /** Starts one producer's thread, named as given: a platform thread, or a virtual one where the JDK has them. */
    @FunctionalInterface
    interface ProducerThreads {
        Thread start(String name, Runnable body);
    }

    /** Plain platform threads. */
    static final ProducerThreads PLATFORM_THREADS = TestThreads::startThread;

    /**
     * Runs {@code producers} platform threads, each logging its events {@code 0 .. perProducer-1} with its context
     * value set, and waits for all of them.
     */
    static void run(ContractHarness harness, int producers, long perProducer) throws InterruptedException {
        for (Thread thread : start(harness, 0, producers, perProducer, PLATFORM_THREADS)) {
            thread.join();
        }
    }

    /**
     * Starts producers {@code firstProducer .. firstProducer+producers-1} on {@code threads}, each logging its events
     * {@code 0 .. perProducer-1} with its context value set; returns their threads, in producer order.
     */
    static List<Thread> start(ContractHarness harness, int firstProducer, int producers, long perProducer, ProducerThreads threads) {
        List<Thread> started = new ArrayList<>(producers);
        for (int p = firstProducer; p < firstProducer + producers; p++) {
            int producer = p;
            started.add(threads.start(threadName(p), () -> {
                harness.putContext("user", "u" + producer);
                for (long i = 0; i < perProducer; i++) {
                    log(harness, producer, i);
                }
                harness.putContext("user", null);
            }));
        }
        return started;
    }
}
