package io.ringlog.logback;

import ch.qos.logback.classic.Logger;
import io.ringlog.contract.TestThreads;
import java.util.ArrayList;
import java.util.List;

/** Callers that each log numbered INFO lines ("caller-t event i") on a thread of their own, for the encoding ITs. */
final class CallerLoad {
    private CallerLoad() {
    }

    /** Starts {@code threads} callers logging {@code eventsPerThread} lines each through {@code log}; waits for all. */
    static void logFromCallers(Logger log, int threads, int eventsPerThread) throws InterruptedException {
        List<Thread> callers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            String name = "caller-" + t;
            callers.add(TestThreads.startThread(name, () -> {
                for (int i = 0; i < eventsPerThread; i++) {
                    log.info("{} event {}", name, i);
                }
            }));
        }
        for (Thread caller : callers) {
            caller.join();
        }
    }
}
