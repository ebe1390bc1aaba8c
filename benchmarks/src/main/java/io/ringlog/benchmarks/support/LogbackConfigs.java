package io.ringlog.benchmarks.support;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import java.net.URL;

/** Configures a benchmark's private Logback context from XML, refusing one that reported a problem. Any thread. */
public final class LogbackConfigs {
    private LogbackConfigs() {
    }

    /**
     * Configures and starts {@code context} from {@code config}; stops it and throws if the configuration reported a
     * warning or an error (a measurement of a misconfigured appender would mean nothing).
     */
    public static void configureOrFail(LoggerContext context, URL config) throws JoranException {
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(config);
        context.start();
        for (Status status : context.getStatusManager().getCopyOfStatusList()) {
            if (status.getEffectiveLevel() >= Status.WARN) {
                context.stop();
                throw new IllegalStateException("Logback configuration " + config + " reported: " + status);
            }
        }
    }
}
