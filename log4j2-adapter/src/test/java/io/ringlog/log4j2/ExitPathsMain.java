package io.ringlog.log4j2;

import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Run in a child JVM by {@link JvmExitPathsIT}: logs one event that stalls the target for 500 ms, then N lines from
 * each of 2 threads (all queued behind the stall), and leaves main in the given way: {@code exit} (System.exit(3)),
 * {@code return} (main ends; only daemon threads are left) or {@code throw} (an uncaught exception on main).
 *
 * <p>Arguments: the way out, the configuration URI, the output directory, lines per thread.
 */
public final class ExitPathsMain {
    private ExitPathsMain() {
    }

    public static void main(String[] args) throws Exception {
        String way = args[0];
        System.setProperty(TestContexts.DIR_PROPERTY, args[2]);
        LoggerContext context = Configurator.initialize("exit-paths", args[1]);
        RingAsyncAppender ring = context.getConfiguration().getAppender("RING");
        if (ring == null || !ring.isStarted()) {
            throw new IllegalStateException("RING did not start");
        }
        int perThread = Integer.parseInt(args[3]);
        Logger logger = context.getLogger("app");
        logger.info("stall first");
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            int id = t;
            Thread thread = new Thread(() -> {
                for (int i = 0; i < perThread; i++) {
                    logger.info("t{} {}", id, i);
                }
            }, "producer-" + t);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        System.out.println("queued=" + ring.getStats().queueSize());
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
