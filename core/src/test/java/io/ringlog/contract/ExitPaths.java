package io.ringlog.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The body of the adapters' {@code ExitPathsMain}, run in a child JVM once the framework is configured: logs one
 * event that stalls the downstream for 500 ms, then N lines {@code t<id> <i>} from each of 2 threads (all queued
 * behind the stall), prints {@code queued=<n>}, and leaves main in the given way: {@code exit} (System.exit(3)),
 * {@code return} (main ends; only daemon threads are left) or {@code throw} (an uncaught exception on main).
 */
public final class ExitPaths {

    private ExitPaths() {
    }

    /**
     * Logs as described above, then leaves.
     *
     * @param way {@code exit}, {@code throw} or anything else to return
     * @param queued the Ringlog appender's queue size, printed before leaving
     */
    public static void logThenLeave(String way, int perThread, InfoLogger logger, LongSupplier queued) throws InterruptedException {
        logger.info("stall first");
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            int id = t;
            threads.add(TestThreads.startThread("producer-" + t, () -> {
                for (int i = 0; i < perThread; i++) {
                    logger.info("t{} {}", id, i);
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        System.out.println("queued=" + queued.getAsLong());
        System.out.flush();
        switch (way) {
            case "exit":
                System.exit(3);
                break;
            case "throw":
                throw new IllegalStateException("uncaught on main, on purpose");
            default:
                // main ends; the consumer is a daemon, so the JVM exits now
        }
    }
}
