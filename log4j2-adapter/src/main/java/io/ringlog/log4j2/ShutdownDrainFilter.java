package io.ringlog.log4j2;

import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.core.LifeCycle;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.filter.AbstractFilter;

/**
 * The stop-early hook: a filter that accepts everything ({@code NEUTRAL}) and is added to the root
 * {@link LoggerConfig} of the appender's configuration, only so that its {@link #stop(long, TimeUnit)} runs when
 * that configuration stops. Log4j2 stops the root LoggerConfig's filter before it stops any appender (stock
 * {@code <Async>} first, then the others in hash order), so RingAsync drains its ring there, while its targets are
 * still running.
 *
 * <p>It acts only while the configuration is {@code STOPPING} (a reconfiguration or a LoggerContext stop), not when
 * the filter is stopped for another reason. The hook is installed by {@code RingAsyncAppender.start()} and removed by
 * its {@code stop()}. Log4j2 calls {@code stop} once, from the thread stopping the configuration.
 */
final class ShutdownDrainFilter extends AbstractFilter {
    private final Configuration configuration;
    private final Runnable drain;

    private ShutdownDrainFilter(Configuration configuration, Runnable drain) {
        super(Result.NEUTRAL, Result.NEUTRAL);
        this.configuration = configuration;
        this.drain = drain;
    }

    /** Creates the hook and adds it to the configuration's root LoggerConfig. */
    static ShutdownDrainFilter install(Configuration configuration, Runnable drain) {
        ShutdownDrainFilter hook = new ShutdownDrainFilter(configuration, drain);
        hook.start();
        configuration.getRootLogger().addFilter(hook);
        return hook;
    }

    /** Removes the hook from the root LoggerConfig (when the appender stops on its own). */
    void uninstall() {
        configuration.getRootLogger().removeFilter(this);
    }

    @Override
    public boolean stop(long timeout, TimeUnit timeUnit) {
        setStopping();
        try {
            if (configuration.getState() == LifeCycle.State.STOPPING) {
                drain.run();
            }
        } finally {
            setStopped();
        }
        return true;
    }

    @Override
    public String toString() {
        return "RingAsyncShutdownDrain";
    }
}
