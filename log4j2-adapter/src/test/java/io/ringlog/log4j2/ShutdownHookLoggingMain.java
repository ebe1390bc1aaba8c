package io.ringlog.log4j2;

import io.ringlog.contract.ShutdownHookLogging;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Run in a child JVM by {@link ShutdownHookLoggingIT}: configures {@code shutdown-hook-logging.xml} (Log4j2's own
 * shutdown hook off, as Spring Boot sets it), then runs {@link ShutdownHookLogging#logThenExit}. Arguments: the
 * variant ({@code stops} or {@code logs}), the output directory.
 */
public final class ShutdownHookLoggingMain {
    private ShutdownHookLoggingMain() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty(TestContexts.DIR_PROPERTY, args[1]);
        StatusCapture status = StatusCapture.start();
        LoggerContext context = Configurator.initialize("shutdown-hook-logging",
                ShutdownHookLoggingMain.class.getResource("shutdown-hook-logging.xml").toURI().toString());
        RingAsyncAppender ring = context.getConfiguration().getAppender("ASYNC");
        if (ring == null || !ring.isStarted()) {
            throw new IllegalStateException("ASYNC did not start: " + status.messages());
        }
        ShutdownHookLogging.logThenExit(args[0], context.getLogger("app")::info, context::stop, () -> ring.getStats().toString(),
                status::messages);
    }
}
