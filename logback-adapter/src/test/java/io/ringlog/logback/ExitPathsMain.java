package io.ringlog.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import io.ringlog.contract.ExitPaths;

/**
 * Run in a child JVM by {@link JvmExitPathsIT}: configures the given scenario, then runs
 * {@link ExitPaths#logThenLeave} (a stalled first event, two producers queued behind it, then leave main as told).
 *
 * <p>Arguments: the way out, the scenario, the log file, lines per thread.
 */
public final class ExitPathsMain {

    private ExitPathsMain() {
    }

    public static void main(String[] args) throws Exception {
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
        ExitPaths.logThenLeave(args[0], Integer.parseInt(args[3]), context.getLogger("app")::info, () -> ring.getStats().queueSize());
    }
}
