package io.ringlog.log4j2;

import io.ringlog.contract.RedeployContract;
import io.ringlog.contract.Redeploys;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;

/**
 * The redeploy contract on Log4j2: the application takes the LoggerContext of its class loader and shuts it down, as
 * log4j-web does. Log4j2 runs as it does in a servlet container ({@code log4j2.isWebapp}: no JVM shutdown hook, no
 * thread-local event reuse; without it even the stock {@code <Async>} baseline leaves every loader reachable) and
 * without its own JMX MBeans (whose notification thread would pin a loader too).
 */
class RedeployIT extends RedeployContract {

    RedeployIT() {
        super("log4j2.xml");
    }

    @Override
    protected Redeploys redeploys(Path dir) throws ClassNotFoundException {
        return new Redeploys(dir, "org.apache.logging.log4j.LogManager", "org.apache.logging.log4j.core.LoggerContext",
                "io.ringlog.core.AsyncPipeline", "io.ringlog.log4j2.RingAsyncAppender")
                .systemProperty("log4j2.isWebapp", "true")
                .systemProperty("log4j2.disableJmx", "true");
    }

    @Override
    protected void logThenStop(ClassLoader loader, List<String> messages) throws Exception {
        Class<?> logManager = loader.loadClass("org.apache.logging.log4j.LogManager");
        Class<?> contextType = loader.loadClass("org.apache.logging.log4j.spi.LoggerContext");
        Object context = logManager.getMethod("getContext", ClassLoader.class, boolean.class).invoke(null, loader, false);
        Object logger = contextType.getMethod("getLogger", String.class).invoke(context, "app");
        Method info = loader.loadClass("org.apache.logging.log4j.Logger").getMethod("info", String.class);
        for (String message : messages) {
            info.invoke(logger, message);
        }
        logManager.getMethod("shutdown", contextType).invoke(null, context);
    }
}
