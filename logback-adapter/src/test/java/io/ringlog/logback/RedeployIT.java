package io.ringlog.logback;

import io.ringlog.contract.RedeployContract;
import io.ringlog.contract.Redeploys;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;

/** The redeploy contract on SLF4J and Logback: the application stops Logback as Logback's servlet listener does. */
class RedeployIT extends RedeployContract {

    RedeployIT() {
        super("logback.xml");
    }

    @Override
    protected Redeploys redeploys(Path dir) throws ClassNotFoundException {
        return new Redeploys(dir, "org.slf4j.LoggerFactory", "ch.qos.logback.classic.LoggerContext", "ch.qos.logback.core.Context",
                "io.ringlog.core.AsyncPipeline", "io.ringlog.logback.RingAsyncAppender");
    }

    @Override
    protected void logThenStop(ClassLoader loader, List<String> messages) throws Exception {
        Class<?> loggerFactory = loader.loadClass("org.slf4j.LoggerFactory");
        Object logger = loggerFactory.getMethod("getLogger", String.class).invoke(null, "app");
        Method info = loader.loadClass("org.slf4j.Logger").getMethod("info", String.class);
        for (String message : messages) {
            info.invoke(logger, message);
        }
        Object context = loggerFactory.getMethod("getILoggerFactory").invoke(null);
        loader.loadClass("ch.qos.logback.classic.LoggerContext").getMethod("stop").invoke(context);
    }
}
