package io.ringlog.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;

/**
 * Run in a child JVM by {@link JvmExitDrainIT}: configures {@code exit-drain.xml} (no Logback shutdown hook),
 * logs N lines while the downstream GATE holds the first one, and exits. Only the JVM-exit drain can
 * write the queued lines. With drainOnExit, a JVM shutdown hook of ours opens the gate, as a slow downstream
 * would finish; without, the gate stays closed and the exit must not wait for it.
 *
 * <p>Arguments: the log file, drainOnExit (true|false), the number of lines.
 */
public final class ExitDrainMain {

    private ExitDrainMain() {
    }

    public static void main(String[] args) throws Exception {
        LoggerContext context = new LoggerContext();
        context.setName("exit-drain");
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.putProperty("logFile", args[0]);
        context.putProperty("drainOnExit", args[1]);
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(ExitDrainMain.class.getResource("exit-drain.xml"));
        RingAsyncAppender ring = (RingAsyncAppender) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("RING");
        if (ring == null || !ring.isStarted()) {
            throw new IllegalStateException("RING did not start: " + context.getStatusManager().getCopyOfStatusList());
        }
        GateAppender gate = (GateAppender) ring.getAppender("GATE");
        if (Boolean.parseBoolean(args[1])) {
            Runtime.getRuntime().addShutdownHook(new Thread(gate::open, "open-gate"));
        }
        int lines = Integer.parseInt(args[2]);
        Logger log = context.getLogger("app");
        for (int i = 0; i < lines; i++) {
            log.info("line {}", i);
        }
        System.out.println("queued=" + ring.getStats().queueSize());
        System.exit(0);
    }
}
