package io.ringlog.spring.boot.logging;

import io.ringlog.log4j2.RingAsyncAppender;
import io.ringlog.spring.boot.RinglogProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.springframework.boot.logging.LoggingSystem;

/**
 * Log4j2: when the running configuration is one of Spring Boot's packaged defaults ({@code log4j2.xml}, or
 * {@code log4j2-file.xml} with {@code logging.file.*}), builds a {@code <RingAsync>} appender named
 * {@value RinglogLoggingListener#APPENDER_NAME} through its plugin builder, with the root logger's appenders
 * ({@code Console}, {@code File}) as its targets (each reference's level and filter kept; the appenders built again to
 * flush once per batch, {@link Log4j2FlushPerBatch}), adds it to the configuration and puts it in their place on the
 * root logger. When Spring Boot stops Log4j2, after the application context has closed, {@code <RingAsync>} drains
 * before the configuration stops its targets. Called on the thread that initialises logging, and on the one that
 * reconfigures Log4j2 ({@link Log4j2Reconfigurations}).
 */
final class Log4j2BootAppenders {

    /** Where Spring Boot keeps its default Log4j2 configurations. */
    static final String BOOT_DEFAULTS = "org/springframework/boot/logging/log4j2/";
    static final List<String> BOOT_DEFAULT_FILES = List.of("log4j2.xml", "log4j2-file.xml");

    private Log4j2BootAppenders() {
    }

    static BootLogging wrap(RinglogProperties properties) {
        LoggerContext context = bootsContext();
        if (context == null) {
            return BootLogging.unchanged("the Log4j2 API is not bound to log4j-core");
        }
        Log4j2Reconfigurations.follow(context, properties);
        return wrap(context, context.getConfiguration(), properties);
    }

    /** A new application starts: its own properties apply once it has initialised logging ({@link Log4j2Reconfigurations#pause}). */
    static void applicationStarting() {
        LoggerContext context = bootsContext();
        if (context != null) {
            Log4j2Reconfigurations.pause(context);
        }
    }

    /** The context Spring Boot's Log4J2LoggingSystem configures; null when the Log4j2 API is not bound to log4j-core. */
    private static LoggerContext bootsContext() {
        Object context = LogManager.getContext(LoggingSystem.class.getClassLoader(), false);
        return context instanceof LoggerContext ? (LoggerContext) context : null;
    }

    /** Wraps the root appenders of {@code configuration}, the running configuration of {@code context}, if it is Boot's. */
    static BootLogging wrap(LoggerContext context, Configuration configuration, RinglogProperties properties) {
        String location = location(configuration);
        if (!isBootDefault(location)) {
            return BootLogging.ownConfiguration("Log4j2", location == null ? configuration.getName() : location);
        }
        if (configuration.getAppender(RinglogLoggingListener.APPENDER_NAME) != null) {
            return BootLogging.unchanged("the configuration already has the appender [" + RinglogLoggingListener.APPENDER_NAME + "]");
        }
        LoggerConfig root = configuration.getRootLogger();
        Map<String, Appender> rootAppenders = root.getAppenders();
        List<AppenderRef> targets = new ArrayList<>();
        for (AppenderRef ref : root.getAppenderRefs()) {
            if (rootAppenders.containsKey(ref.getRef())) {
                targets.add(AppenderRef.createAppenderRef(ref.getRef(), ref.getLevel(), ref.getFilter()));
            }
        }
        if (targets.isEmpty()) {
            return BootLogging.unchanged("the root logger has no appender");
        }
        List<String> targetNames = new ArrayList<>();
        targets.forEach(target -> targetNames.add(target.getRef()));
        Log4j2FlushPerBatch flushPerBatch = Log4j2FlushPerBatch.prepare(context, configuration, targetNames);
        RingAsyncAppender ring = RingAsyncAppender.newBuilder()
                .setName(RinglogLoggingListener.APPENDER_NAME)
                .setConfiguration(configuration)
                .setAppenderRefs(targets.toArray(new AppenderRef[0]))
                .setBufferSize(properties.getQueueSize())
                .setFullQueuePolicy(properties.getFullQueuePolicy().name())
                .setDiscardingThreshold(properties.getDiscardingThreshold())
                .setMaxBlockTime(properties.maxBlockTimeMillis())
                .setShutdownTimeout(properties.getShutdownTimeout().toMillis())
                .setIncludeLocation(properties.isIncludeCallerData())
                .setCallerEncoding(properties.callerEncodingMode())
                .setJmx(properties.isJmxEnabled(false))
                .build();
        if (ring == null) {
            flushPerBatch.undo();
            return BootLogging.unchanged("the Ringlog appender could not be built (see the StatusLogger)");
        }
        ring.start();
        if (!ring.isStarted()) {
            flushPerBatch.undo();
            return BootLogging.unchanged("the Ringlog appender did not start (see the StatusLogger)");
        }
        configuration.addAppender(ring);
        // Added before the others are removed: an event logged meanwhile may be written twice, none is lost.
        root.addAppender(ring, null, null);
        for (String target : targetNames) {
            root.removeAppender(target);
        }
        context.updateLoggers();
        // A call that read the root's appenders before the line above may still be inside Boot's: they stop with the configuration.
        flushPerBatch.commit();
        return BootLogging.wrapped("Log4j2", RinglogLoggingListener.APPENDER_NAME, targetNames, properties);
    }

    private static String location(Configuration configuration) {
        ConfigurationSource source = configuration.getConfigurationSource();
        return source == null ? null : source.getLocation();
    }

    /** True for the configurations Spring Boot loads when the application has none of its own. */
    static boolean isBootDefault(String location) {
        if (location == null) {
            return false;
        }
        String normalized = location.replace('\\', '/');
        for (String file : BOOT_DEFAULT_FILES) {
            if (normalized.endsWith(BOOT_DEFAULTS + file)) {
                return true;
            }
        }
        return false;
    }
}
