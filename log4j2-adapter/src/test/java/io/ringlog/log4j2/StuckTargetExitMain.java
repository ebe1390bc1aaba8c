package io.ringlog.log4j2;

import java.nio.file.Path;
import org.apache.logging.log4j.core.LoggerContext;

/**
 * Run in a child JVM by {@link StuckTargetIT}: {@code stuck-target.xml} with Log4j2's own shutdown hook on, the ring
 * filled behind a target that never returns, one caller parked (a non-daemon thread), then {@code System.exit(0)}.
 * Argument: the output directory.
 */
public final class StuckTargetExitMain {
    private StuckTargetExitMain() {
    }

    public static void main(String[] args) {
        LoggerContext context = TestContexts.start("stuck-target.xml", Path.of(args[0]));
        StuckTarget.fill(context);
        System.out.println("parked, exiting");
        System.out.flush();
        System.exit(0);
    }
}
