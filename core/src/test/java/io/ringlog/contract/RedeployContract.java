package io.ringlog.contract;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What both adapters promise an application server: {@value Redeploys#CYCLES} redeploys of an application that
 * carries the framework and Ringlog (see {@link Redeploys}) leave no Ringlog thread behind, and every deployment's
 * class loader can be collected, exactly as with the framework's stock async appender, the baseline that proves the
 * harness and the framework themselves leak nothing. Each adapter subclasses it once, with {@code redeploy.xml} and
 * {@code redeploy-stock.xml} beside the subclass: the same stock configuration, with only the appender swapped.
 */
public abstract class RedeployContract {
    private final String configName;

    /** @param configName the name under which the framework finds its configuration: {@code logback.xml}, {@code log4j2.xml} */
    protected RedeployContract(String configName) {
        this.configName = configName;
    }

    /** The harness over the application's jars, with the system properties the framework needs in a container. */
    protected abstract Redeploys redeploys(Path dir) throws Exception;

    /**
     * The application, inside its own class loader (the thread's context class loader): starts logging, logs each
     * message at INFO, stops the logging context the way the framework's servlet integration does. Reflection only.
     */
    protected abstract void logThenStop(ClassLoader loader, List<String> messages) throws Exception;

    @Test
    void ringlogLeavesNothingBehind(@TempDir Path dir) throws Exception {
        redeploys(dir).assertNothingLeftBehind(Redeploys.configuration(getClass(), "redeploy.xml"), configName, this::logThenStop);
    }

    @Test
    void stockAppenderLeavesNothingBehind(@TempDir Path dir) throws Exception {
        redeploys(dir).assertNothingLeftBehind(Redeploys.configuration(getClass(), "redeploy-stock.xml"), configName, this::logThenStop);
    }
}
