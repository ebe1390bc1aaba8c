package io.ringlog.contract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a {@link LoopbackListener} received of a {@link TimedProducers} load, audited as it arrives: each event must be
 * exactly a line of the load ({@code LEVEL|thread|p<p> #<i> <payload>}) and come after every earlier event of its producer (events
 * lost in between are allowed, a repeat or a reordering is not). Any thread; the listener's readers call it.
 */
final class ReceivedEvents implements Consumer<String> {
    private static final int DEFECTS_KEPT = 10;

    private final long[] nextIndex = new long[TimedProducers.PRODUCERS];
    private final List<String> defects = new ArrayList<>();
    private long events;

    @Override
    public synchronized void accept(String event) {
        events++;
        int producer;
        long index;
        try {
            int hash = event.indexOf(" #");
            producer = Integer.parseInt(event.substring(event.lastIndexOf("|p", hash) + 2, hash));
            index = Long.parseLong(event.substring(hash + 2, event.indexOf(' ', hash + 2)));
        } catch (RuntimeException unreadable) {
            defect("not an event of the load: " + event);
            return;
        }
        if (producer < 0 || producer >= nextIndex.length || !event.equals(TimedProducers.line(producer, index))) {
            defect("damaged: " + event);
            return;
        }
        if (index < nextIndex[producer]) {
            defect(event + " arrived after event " + (nextIndex[producer] - 1) + " of its producer");
        }
        nextIndex[producer] = Math.max(nextIndex[producer], index + 1);
    }

    private void defect(String what) {
        if (defects.size() < DEFECTS_KEPT) {
            defects.add(what);
        }
    }

    /** Events received. */
    synchronized long events() {
        return events;
    }

    /** Whether some producer's event {@code marks[p]} or a later one has arrived. */
    synchronized boolean anyFrom(long[] marks) {
        for (int p = 0; p < nextIndex.length; p++) {
            if (nextIndex[p] > marks[p]) {
                return true;
            }
        }
        return false;
    }

    /** The first defects found; empty if none. */
    synchronized List<String> defects() {
        return List.copyOf(defects);
    }

    @Override
    public synchronized String toString() {
        return events + " events, next index per producer " + Arrays.toString(nextIndex) + ", defects " + defects;
    }
}
