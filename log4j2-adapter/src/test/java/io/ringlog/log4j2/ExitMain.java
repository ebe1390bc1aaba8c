package io.ringlog.log4j2;

import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;

/** Run in a child JVM by {@link JvmExitIT}: logs N lines and exits without stopping Log4j2. */
public final class ExitMain {
    private ExitMain() {
    }

    /** Arguments: configuration URI, output directory, number of lines. */
    public static void main(String[] args) {
        System.setProperty(TestContexts.DIR_PROPERTY, args[1]);
        LoggerContext context = Configurator.initialize("exit", args[0]);
        Logger logger = context.getLogger("exit");
        int lines = Integer.parseInt(args[2]);
        for (int i = 0; i < lines; i++) {
            logger.info("line {}", i);
        }
        RingAsyncAppender ring = context.getConfiguration().getAppender("RING");
        System.out.println("queued at exit: " + ring.getStats().queueSize());
        System.exit(0);
    }
}
