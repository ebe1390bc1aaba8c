package io.ringlog.benchmarks.footprint;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.status.Status;
import io.ringlog.logback.RingAsyncAppender;
import java.net.URL;

/**
 * Starts {@code footprint/logback.xml} in a private {@link LoggerContext}, with the ring size as the variable
 * {@code SLOTS} and the event's context entry in the MDC.
 */
final class LogbackFootprint {

    private LogbackFootprint() {
    }

    static FootprintRing open(int slots) throws Exception {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.setName("footprint-" + slots);
        context.putProperty("SLOTS", Integer.toString(slots));
        URL config = LogbackFootprint.class.getResource("/io/ringlog/benchmarks/footprint/logback.xml");
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
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        RingAsyncAppender ring = (RingAsyncAppender) root.getAppender("RING");
        context.getMDCAdapter().put(EventShape.CONTEXT_KEY, EventShape.CONTEXT_VALUE);
        return new FootprintRing(root::info, ring::getStats, () -> {
            context.getMDCAdapter().clear();
            context.stop();
        });
    }
}
