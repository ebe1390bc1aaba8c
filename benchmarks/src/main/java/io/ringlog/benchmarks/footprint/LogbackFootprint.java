package io.ringlog.benchmarks.footprint;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import io.ringlog.benchmarks.support.LogbackConfigs;
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
        LogbackConfigs.configureOrFail(context, config);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        RingAsyncAppender ring = (RingAsyncAppender) root.getAppender("RING");
        context.getMDCAdapter().put(EventShape.CONTEXT_KEY, EventShape.CONTEXT_VALUE);
        return new FootprintRing(root::info, ring::getStats, () -> {
            context.getMDCAdapter().clear();
            context.stop();
        });
    }
}
