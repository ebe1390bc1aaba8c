package io.ringlog.log4j2;

import io.ringlog.contract.ExitPaths;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Run in a child JVM by {@link JvmExitPathsIT}: configures the given configuration, then runs
 * {@link ExitPaths#logThenLeave} (a stalled first event, two producers queued behind it, then leave main as told).
 *
 * <p>Arguments: the way out, the configuration URI, the output directory, lines per thread.
 */
public final class ExitPathsMain {
    private ExitPathsMain() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty(TestContexts.DIR_PROPERTY, args[2]);
        LoggerContext context = Configurator.initialize("exit-paths", args[1]);
        RingAsyncAppender ring = context.getConfiguration().getAppender("RING");
        if (ring == null || !ring.isStarted()) {
            throw new IllegalStateException("RING did not start");
        }
        ExitPaths.logThenLeave(args[0], Integer.parseInt(args[3]), context.getLogger("app")::info, () -> ring.getStats().queueSize());
    }
}
