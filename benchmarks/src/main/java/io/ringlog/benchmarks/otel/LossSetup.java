package io.ringlog.benchmarks.otel;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.spi.AppenderAttachable;
import io.opentelemetry.api.OpenTelemetry;
import io.ringlog.benchmarks.support.LogbackConfigs;
import java.net.URL;
import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.core.config.Configuration;

/**
 * One way to put OpenTelemetry's appender under load: its framework and what stands in front of it (nothing, Ringlog
 * with its defaults, the framework's stock asynchronous appender with its defaults), each a configuration file of this
 * package whose OpenTelemetry appender is named {@code OTEL}.
 */
enum LossSetup {
    LOGBACK_SYNC("Logback, OpenTelemetry's appender alone (on the caller)", "logback-sync.xml"),
    LOGBACK_RINGLOG("Logback, Ringlog (defaults) → OpenTelemetry's appender", "logback-ringlog.xml"),
    LOGBACK_ASYNC("Logback, AsyncAppender (defaults) → OpenTelemetry's appender", "logback-async.xml"),
    LOG4J2_SYNC("Log4j2, OpenTelemetry's appender alone (on the caller)", "log4j2-sync.xml"),
    LOG4J2_RINGLOG("Log4j2, <RingAsync> (defaults) → OpenTelemetry's appender", "log4j2-ringlog.xml"),
    LOG4J2_ASYNC("Log4j2, <Async> (defaults) → OpenTelemetry's appender", "log4j2-async.xml");

    /** One logging call of the load: an INFO event with two parameters. */
    @FunctionalInterface
    interface LogCall {
        void log(int thread, long event);
    }

    /** One failure: an ERROR event with one parameter and an exception. */
    @FunctionalInterface
    interface FailureCall {
        void log(long event, Throwable failure);
    }

    /** What a started setup offers the load: its logging calls, and the stop of its logging context. */
    static final class Started {
        private final LogCall call;
        private final FailureCall failure;
        private final Runnable stop;

        Started(LogCall call, FailureCall failure, Runnable stop) {
            this.call = call;
            this.failure = failure;
            this.stop = stop;
        }

        /** Logs one INFO event with two parameters. */
        void log(int thread, long event) {
            call.log(thread, event);
        }

        /** Logs one ERROR event with one parameter and {@code failure}. */
        void logFailure(long event, Throwable failure) {
            this.failure.log(event, failure);
        }

        /** Stops the logging context: an asynchronous appender delivers what it holds, within its own limits. */
        void stop() {
            stop.run();
        }
    }

    private static final String MESSAGE = "order {} placed by thread {}";
    private static final String FAILURE = "order {} failed";

    final String label;
    private final String resource;

    LossSetup(String label, String resource) {
        this.label = label;
        this.resource = resource;
    }

    /** The name on the command line and in the report ({@code logback-ringlog}). */
    String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static LossSetup of(String id) {
        for (LossSetup setup : values()) {
            if (setup.id().equals(id)) {
                return setup;
            }
        }
        throw new IllegalArgumentException("unknown setup " + id);
    }

    /** Starts the configuration in a private logging context, with {@code openTelemetry} installed into its appender. */
    Started start(OpenTelemetry openTelemetry) throws Exception {
        URL config = LossSetup.class.getResource(resource);
        if (config == null) {
            throw new IllegalStateException("no configuration " + resource);
        }
        return name().startsWith("LOGBACK") ? startLogback(config, openTelemetry) : startLog4j2(config, openTelemetry);
    }

    private static Started startLogback(URL config, OpenTelemetry openTelemetry) throws Exception {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.setName("otel-loss");
        LogbackConfigs.configureOrFail(context, config);
        ch.qos.logback.classic.Logger root = context.getLogger(ch.qos.logback.classic.Logger.ROOT_LOGGER_NAME);
        if (!installLogback(root.iteratorForAppenders(), openTelemetry)) {
            context.stop();
            throw new IllegalStateException("no OpenTelemetry appender in " + config);
        }
        ch.qos.logback.classic.Logger logger = context.getLogger("io.ringlog.otel.OrderService");
        return new Started((thread, event) -> logger.info(MESSAGE, event, thread),
                (event, failure) -> logger.error(FAILURE, event, failure), context::stop);
    }

    /** Hands the SDK to each OpenTelemetry appender, also behind appenders that hold others (as its install does). */
    private static <E> boolean installLogback(Iterator<Appender<E>> appenders, OpenTelemetry openTelemetry) {
        boolean found = false;
        while (appenders.hasNext()) {
            Appender<E> appender = appenders.next();
            if (appender instanceof io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender) {
                ((io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender) appender).setOpenTelemetry(openTelemetry);
                found = true;
            } else if (appender instanceof AppenderAttachable) {
                @SuppressWarnings("unchecked")
                AppenderAttachable<E> holder = (AppenderAttachable<E>) appender;
                found |= installLogback(holder.iteratorForAppenders(), openTelemetry);
            }
        }
        return found;
    }

    private static Started startLog4j2(URL config, OpenTelemetry openTelemetry) throws Exception {
        org.apache.logging.log4j.core.LoggerContext context =
                new org.apache.logging.log4j.core.LoggerContext("otel-loss", null, config.toURI());
        context.start();
        Configuration configuration = context.getConfiguration();
        Object appender = configuration.getAppender("OTEL");
        if (!(appender instanceof io.opentelemetry.instrumentation.log4j.appender.v2_17.OpenTelemetryAppender)) {
            context.stop();
            throw new IllegalStateException("no OpenTelemetry appender OTEL in " + config + " (" + configuration.getName() + ")");
        }
        ((io.opentelemetry.instrumentation.log4j.appender.v2_17.OpenTelemetryAppender) appender).setOpenTelemetry(openTelemetry);
        org.apache.logging.log4j.Logger logger = context.getLogger("io.ringlog.otel.OrderService");
        return new Started((thread, event) -> logger.info(MESSAGE, event, thread),
                (event, failure) -> logger.error(FAILURE, event, failure), () -> context.stop(5, TimeUnit.MINUTES));
    }
}
