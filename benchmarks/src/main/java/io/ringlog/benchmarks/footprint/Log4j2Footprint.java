package io.ringlog.benchmarks.footprint;

import io.ringlog.log4j2.RingAsyncAppender;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Starts {@code footprint/log4j2.xml} in a private {@link LoggerContext}, with the ring size as the system property
 * {@code ringlog.footprint.slots} and the event's context entry in the {@link ThreadContext}.
 */
final class Log4j2Footprint {

    private static final String SLOTS_PROPERTY = "ringlog.footprint.slots";

    private Log4j2Footprint() {
    }

    static FootprintRing open(int slots) throws Exception {
        System.setProperty(SLOTS_PROPERTY, Integer.toString(slots));
        WarningCollector warnings = new WarningCollector();
        StatusLogger.getLogger().registerListener(warnings);
        LoggerContext context;
        try {
            context = new LoggerContext("footprint-" + slots, null,
                    Log4j2Footprint.class.getResource("/io/ringlog/benchmarks/footprint/log4j2.xml").toURI());
            context.start();
        } finally {
            StatusLogger.getLogger().removeListener(warnings);
        }
        if (!(context.getConfiguration() instanceof XmlConfiguration) || warnings.first != null) {
            context.stop();
            throw new IllegalStateException("Log4j2 configuration footprint/log4j2.xml did not load cleanly: " + warnings.first);
        }
        RingAsyncAppender ring = context.getConfiguration().getAppender("RING");
        Logger logger = context.getLogger("io.ringlog.footprint");
        ThreadContext.put(EventShape.CONTEXT_KEY, EventShape.CONTEXT_VALUE);
        return new FootprintRing(logger::info, ring::getStats, () -> {
            ThreadContext.clearMap();
            context.stop(1, TimeUnit.MINUTES);
        });
    }

    /** Keeps the first WARN or ERROR status reported while the configuration loads. */
    private static final class WarningCollector implements StatusListener {
        volatile String first;

        @Override
        public void log(StatusData data) {
            if (first == null && data.getLevel().isMoreSpecificThan(Level.WARN)) {
                first = data.getFormattedStatus();
            }
        }

        @Override
        public Level getStatusLevel() {
            return Level.WARN;
        }

        @Override
        public void close() {
            // nothing held
        }
    }
}
