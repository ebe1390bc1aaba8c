package io.ringlog.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM by {@link JvmExitPathsIT}: configures the given scenario, logs one event that stalls the
 * downstream for 500 ms, then N lines from each of 2 threads (all queued behind the stall), and leaves main in the
 * given way: {@code exit} (System.exit(3)), {@code return} (main ends; only daemon threads are left) or {@code throw}
 * (an uncaught exception on main).
 *
 * <p>Arguments: the way out, the scenario, the log file, lines per thread.
 */
public final class ExitPathsMain {

    private ExitPathsMain() {
    }

    public static void main(String[] args) throws Exception {
        String way = args[0];
        LoggerContext context = new LoggerContext();
        context.setName("exit-paths");
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.putProperty("logFile", args[2]);
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(ExitPathsMain.class.getResource(args[1] + ".xml"));
        RingAsyncAppender ring = (RingAsyncAppender) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("RING");
        if (ring == null || !ring.isStarted()) {
            throw new IllegalStateException("RING did not start: " + context.getStatusManager().getCopyOfStatusList());
        }
        int perThread = Integer.parseInt(args[3]);
        Logger log = context.getLogger("app");
        log.info("stall first");
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            int id = t;
            Thread thread = new Thread(() -> {
                for (int i = 0; i < perThread; i++) {
                    log.info("t{} {}", id, i);
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
