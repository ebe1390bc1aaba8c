package io.ringlog.spring.boot.logging;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LifeCycle2;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Log4j2: Spring Boot's {@code Console} and {@code File} appenders flush after every event (Boot's configuration files
 * leave {@code immediateFlush} at its default, true). Behind {@code <RingAsync>} that is one system call per line and
 * appender, all on the one consumer thread, where one per batch does: with {@code immediateFlush="false"} these appenders
 * flush on the event {@code <RingAsync>} marks as the last of a batch, so nothing stays in a buffer once the ring is empty.
 *
 * <p>A built appender's {@code immediateFlush} cannot be changed, so {@link #prepare} builds Boot's appenders again from
 * the same configuration file with the attribute set (the same names, layouts, filters and policies; the same files,
 * because Log4j2 shares an output's manager between the appenders that write to it), and puts them in the configuration
 * in place of Boot's, for {@code <RingAsync>} to find when it starts. Log4j2's console flushes per event whatever the
 * attribute says: Boot's {@code Console} becomes a {@link Log4j2BatchedConsole} with the layout and filter built again.
 * Anything it cannot do (a configuration that is not read from XML, a file that cannot be read again, an appender built
 * otherwise) leaves Boot's appender in place, flushing per event, and says so through the StatusLogger at debug level.
 * Called on the thread that configures Log4j2.
 */
final class Log4j2FlushPerBatch {
    private static final Logger LOGGER = StatusLogger.getLogger();
    private static final String IMMEDIATE_FLUSH = "immediateFlush";
    /** The key under which a replaced appender of Boot's stays in the configuration until it stops. */
    static final String RETIRED_SUFFIX = " (replaced by Ringlog)";

    private final Configuration configuration;
    /** By name: Boot's appenders now out of the configuration, and the ones built again in their place. */
    private final Map<String, Appender> replaced;
    private final Map<String, Appender> replacements;

    private Log4j2FlushPerBatch(Configuration configuration, Map<String, Appender> replaced, Map<String, Appender> replacements) {
        this.configuration = configuration;
        this.replaced = replaced;
        this.replacements = replacements;
    }

    /**
     * Puts, in {@code configuration}, appenders built again with {@code immediateFlush="false"} in place of those of
     * {@code names} that flush per event. Boot's appenders keep running until {@link #commit} or {@link #undo}: the root
     * logger still calls them.
     */
    static Log4j2FlushPerBatch prepare(LoggerContext context, Configuration configuration, List<String> names) {
        List<String> perEvent = new ArrayList<>();
        for (String name : names) {
            Appender appender = configuration.getAppender(name);
            if (appender instanceof AbstractOutputStreamAppender && ((AbstractOutputStreamAppender<?>) appender).getImmediateFlush()) {
                perEvent.add(name);
            }
        }
        Map<String, Appender> replaced = new LinkedHashMap<>();
        Map<String, Appender> replacements = new LinkedHashMap<>();
        if (perEvent.isEmpty() || !(configuration instanceof XmlConfiguration)) {
            return new Log4j2FlushPerBatch(configuration, replaced, replacements);
        }
        Map<String, Appender> built = buildAgain(context, configuration.getConfigurationSource(), perEvent);
        Layout<? extends Serializable> sharedLayout = Log4j2SharedStructuredLayout.fileLayoutForConsole(built);
        Map<String, Appender> live = configuration.getAppenders();
        for (String name : perEvent) {
            Appender boots = live.get(name);
            Appender again = flushingPerBatch(boots, built.remove(name), sharedLayout);
            if (again == null) {
                LOGGER.debug("Ringlog: Spring Boot's appender [{}] is kept as it is and flushes after every event", name);
                continue;
            }
            again.start();
            if (replace(live, name, boots, again)) {
                replaced.put(name, boots);
                replacements.put(name, again);
            } else {
                stop(again);
            }
        }
        built.values().forEach(Log4j2FlushPerBatch::stop); // built from the same file, not needed: they hold their outputs
        return new Log4j2FlushPerBatch(configuration, replaced, replacements);
    }

    /**
     * The appender to put in the place of {@code boots}: {@code built}, its counterpart built again with
     * {@code immediateFlush="false"}, or for a console (which Log4j2 flushes per event whatever the attribute says) a
     * {@link Log4j2BatchedConsole} like it, with {@code sharedLayout} if there is one
     * ({@link Log4j2SharedStructuredLayout}); null (and {@code built} stopped) when neither is what Boot's appender is.
     */
    private static Appender flushingPerBatch(Appender boots, Appender built, Layout<? extends Serializable> sharedLayout) {
        if (built instanceof ConsoleAppender && boots instanceof ConsoleAppender) {
            Log4j2BatchedConsole console = Log4j2BatchedConsole.like((ConsoleAppender) built, sharedLayout);
            stop(built); // before the new console starts the filter they share
            return console;
        }
        if (built != null && built.getClass() == boots.getClass() && !((AbstractOutputStreamAppender<?>) built).getImmediateFlush()) {
            return built;
        }
        stop(built);
        return null;
    }

    /**
     * The root logger no longer calls Boot's appenders, but a call that read the root's appenders just before the swap
     * may still be inside one of them: Log4j2 reconfigures while the application logs, and a stopped appender refuses
     * (and so loses) the event of such a call. So Boot's appenders are not stopped here: they stay in the configuration
     * under names of their own ({@code Console} as {@code Console}{@value #RETIRED_SUFFIX}), take no new event, and
     * stop when the configuration stops, as every appender of it does. Their outputs are shared with the appenders
     * built again, and stay open until both have stopped.
     */
    void commit() {
        Map<String, Appender> live = configuration.getAppenders();
        replaced.forEach((name, boots) -> live.putIfAbsent(name + RETIRED_SUFFIX, boots));
    }

    /** {@code <RingAsync>} did not start: Boot's appenders go back in their place, and the new ones are stopped. */
    void undo() {
        Map<String, Appender> live = configuration.getAppenders();
        replacements.forEach((name, again) -> {
            replace(live, name, again, replaced.get(name));
            stop(again);
        });
    }

    /**
     * The live map of the configuration's appenders ({@link Configuration#getAppenders()} is the map itself in log4j-core
     * 2.x); should a version return a copy or a read-only view, Boot's appender stays.
     */
    private static boolean replace(Map<String, Appender> live, String name, Appender current, Appender next) {
        try {
            return live.replace(name, current, next);
        } catch (UnsupportedOperationException readOnly) {
            LOGGER.debug("Ringlog: the configuration's appenders cannot be replaced; [{}] flushes after every event", name);
            return false;
        }
    }

    private static Map<String, Appender> buildAgain(LoggerContext context, ConfigurationSource source, List<String> names) {
        try {
            ConfigurationSource again = source == null ? null : source.resetInputStream();
            if (again == null) {
                return new LinkedHashMap<>();
            }
            PerBatchXmlConfiguration configuration = new PerBatchXmlConfiguration(context, again, names);
            configuration.initialize();
            return new LinkedHashMap<>(configuration.getAppenders());
        } catch (IOException | RuntimeException failure) {
            LOGGER.debug("Ringlog: Spring Boot's configuration could not be read again ({}); its appenders flush after "
                    + "every event", failure.toString());
            return new LinkedHashMap<>();
        }
    }

    private static void stop(Appender appender) {
        if (appender instanceof LifeCycle2) {
            ((LifeCycle2) appender).stop(0, TimeUnit.MILLISECONDS);
        } else if (appender != null) {
            appender.stop();
        }
    }

    /**
     * Boot's configuration file as Log4j2 reads it, with {@code immediateFlush="false"} on the named appenders. It is
     * only built, never started: its appenders are taken into the running configuration.
     */
    private static final class PerBatchXmlConfiguration extends XmlConfiguration {
        private final List<String> names;

        PerBatchXmlConfiguration(LoggerContext context, ConfigurationSource source, List<String> names) {
            super(context, source);
            this.names = names;
        }

        @Override
        public void setup() {
            super.setup();
            for (Node section : getRootNode().getChildren()) {
                if ("Appenders".equalsIgnoreCase(section.getName())) {
                    for (Node appender : section.getChildren()) {
                        if (names.contains(appender.getAttributes().get("name"))) {
                            appender.getAttributes().keySet().removeIf(IMMEDIATE_FLUSH::equalsIgnoreCase);
                            appender.getAttributes().put(IMMEDIATE_FLUSH, "false");
                        }
                    }
                }
            }
        }
    }
}
