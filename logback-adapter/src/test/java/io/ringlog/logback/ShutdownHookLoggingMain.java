package io.ringlog.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.status.Status;
import io.ringlog.contract.ShutdownHookLogging;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * Run in a child JVM by {@link ShutdownHookLoggingIT}: configures {@code shutdown-hook-logging.xml}, then runs
 * {@link ShutdownHookLogging#logThenExit}. Arguments: the variant ({@code stops} or {@code logs}), the output directory.
 */
public final class ShutdownHookLoggingMain {

    private ShutdownHookLoggingMain() {
    }

    public static void main(String[] args) throws Exception {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.putProperty("logFile", Path.of(args[1], "app.log").toString());
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(ShutdownHookLoggingMain.class.getResource("shutdown-hook-logging.xml"));
        RingAsyncAppender ring = (RingAsyncAppender) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("ASYNC");
        if (ring == null || !ring.isStarted()) {
            throw new IllegalStateException("ASYNC did not start: " + context.getStatusManager().getCopyOfStatusList());
        }
        ShutdownHookLogging.logThenExit(args[0], context.getLogger("app")::info, context::stop, () -> ring.getStats().toString(),
                () -> context.getStatusManager().getCopyOfStatusList().stream()
                        .filter(status -> status.getLevel() >= Status.WARN)
                        .map(Status::getMessage)
                        .collect(Collectors.toList()));
    }
}
