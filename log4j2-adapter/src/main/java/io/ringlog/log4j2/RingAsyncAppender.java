package io.ringlog.log4j2;

import io.ringlog.core.AsyncAppenderMBeans;
import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.BiSlotWriter;
import io.ringlog.core.EventLevel;
import io.ringlog.core.FullQueuePolicy;
import io.ringlog.core.LiveAppenders;
import io.ringlog.core.OfferOutcome;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.PipelineStats;
import io.ringlog.core.SlotWriter;
import io.ringlog.core.StatusReporter;
import io.ringlog.core.StopReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.AppenderControl;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAliases;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderFactory;
import org.apache.logging.log4j.core.config.plugins.PluginConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginElement;
import org.apache.logging.log4j.core.config.plugins.validation.constraints.Required;
import org.apache.logging.log4j.core.filter.AbstractFilterable;
import org.apache.logging.log4j.core.impl.LocationAware;
import org.apache.logging.log4j.core.util.Log4jThread;
import org.apache.logging.log4j.spi.AbstractLogger;

/**
 * {@code <RingAsync>}: Log4j2's {@code <Async>} appender on a pre-allocated ring. Each event is copied on the
 * caller's thread and handed to one consumer thread ({@code ringlog-<name>}) that calls the {@code <AppenderRef>}
 * appenders in order, flagging the last event of each batch as end of batch so that file appenders flush once per
 * batch. When the ring is full, a caller waits for room; only the consumer thread ever calls the targets with queued
 * events. The targets stay ordinary appenders of the configuration. Any thread may log; {@link #getStats()} may be
 * read from any thread.
 *
 * <p>Attributes, with {@code <Async>}'s meaning where {@code <Async>} has them:
 * <ul>
 * <li>{@code name} (required), {@code <AppenderRef>} / {@code <appender-ref>} (at least one, with its {@code level}
 * and filter honoured), {@code errorRef} / {@code error-ref} (gets the events dropped because the buffer was
 * full, and those no target took), {@code ignoreExceptions} (default true), a {@code <Filter>}.
 * <li>{@code bufferSize}: default {@value #DEFAULT_BUFFER_SIZE}, rounded up to a power of two.
 * <li>{@code blocking}: default true (wait for room); false drops when full ({@code DROP_ALL}); any other value
 * is a configuration error (Log4j2's own conversion would read it as false).
 * <li>{@code shutdownTimeout}: how long stopping may spend delivering what is queued, in ms; default
 * {@value #DEFAULT_SHUTDOWN_TIMEOUT_MILLIS}; 0 means no bound. {@code <Async>}'s default is 0; Ringlog bounds it so
 * that a stuck target cannot hang a reconfiguration or the JVM's exit forever. What is left at the bound is counted
 * and reported through the StatusLogger as lost.
 * <li>{@code includeLocation}: default false; copies the caller's location (computed on the caller's thread).
 * <li>{@code fullQueuePolicy}: {@code BLOCK}, {@code DROP_BELOW_WARN} or {@code DROP_ALL}; when given it overrides
 * {@code blocking="true"}, while {@code blocking="false"} wins over it (the policy is then {@code DROP_ALL}, with a
 * warning), so that a caller told never to wait never does.
 * <li>{@code discardingThreshold}: free slots at or below which events below WARN are dropped; default 0 (off).
 * <li>{@code maxBlockTime}: the longest a caller waits for room, in ms; default -1 (no bound); 0 never waits. With
 * {@code DROP_ALL} callers never wait, and a {@code maxBlockTime} of 0 or more draws a warning.
 * <li>{@code maxBatchSize}: the most events between two flushes; default {@value #DEFAULT_MAX_BATCH_SIZE}.
 * <li>{@code jmx}: default true; publishes the counters as
 * {@code io.ringlog:type=AsyncAppender,framework=log4j2,context=<LoggerContext>,name=<name>} while started.
 * <li>{@code jmxName}: the {@code name} key of that ObjectName; default (absent or empty): the appender's name. When
 * another live appender holds the resulting name (another application whose LoggerContext has the same name, or a
 * copy of Ringlog in another class loader), {@code instance=<n>} is added and the StatusLogger warns.
 * <li>{@code drainOnExit}: default true; a JVM shutdown hook drains the ring when the JVM exits without stopping
 * Log4j2 (for example with {@code shutdownHook="disable"}).
 * </ul>
 * An event that every target would refuse (each {@code <AppenderRef>}'s {@code level} and filter, then the target's own
 * filter, decided on the caller when they are level or marker filters: see {@link TargetFilter}) takes no slot, makes no
 * caller wait and is counted nowhere, as Spring Boot's {@code logging.threshold.*} under an INFO flood asks.
 * An invalid value is reported through the StatusLogger and the appender is not created; an {@code AppenderRef}
 * that names no appender is reported and skipped; with no target at all the appender is reported and not started.
 *
 * <p>Shutdown and reconfiguration: Log4j2 stops its own {@code <Async>} appenders first and the other appenders in
 * hash order, so a target may stop before RingAsync. RingAsync therefore adds a filter that accepts everything to
 * the root {@code LoggerConfig}: Log4j2 stops it before any appender, and RingAsync drains its ring there (bounded
 * by {@code shutdownTimeout}). Events that arrive later (Async Loggers draining, calls in flight, stock
 * {@code <Async>} appenders flushing into RingAsync) are delivered on the caller's thread, after the drain, to the
 * targets that are still running. An event that cannot reach a target because the target has stopped is reported.
 * The same caller-thread delivery serves the events that arrive after {@link #stop} and after an unexpected
 * failure of the consumer thread; those events are counted in {@link #getStats()} as {@code deliveredDirectly}.
 * After a drain that hit {@code shutdownTimeout} (a target blocked or too slow) none is: every later event, and every
 * caller that was waiting for room, is dropped and counted, so that no logging call hangs in the blocked target and
 * Log4j2's stop, which waits for every call in flight, ends at the bound.
 *
 * <p>Log4j2's background threads: a caller that is a Log4j2 thread (an Async Logger's or {@code <Async>}'s
 * background thread, a {@link Log4jThread}) or that logs from inside another logging call never waits for room:
 * when the ring is full, its event is delivered on its own thread, as {@code <Async>} does. Waiting there could
 * deadlock: Ringlog's consumer may itself be waiting for room in that Async Logger's ring (a target that logs),
 * while the Async Logger's thread waits for room in Ringlog's. Such events bypass the ring: they are counted in
 * {@link #getStats()} as {@code deliveredDirectly} and may overtake events still queued. While the consumer is inside
 * a target, such a caller first watches it for up to a second rather than follow it in: if the consumer stays inside
 * that one event (a target that blocks), the caller's event is dropped and counted as {@code queue_full}, so that no
 * Log4j2 thread, and no stop waiting for it, is held by a stuck target.
 */
@Plugin(name = "RingAsync", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class RingAsyncAppender extends AbstractAppender implements LocationAware {

    /** Default {@code bufferSize}, in events. */
    public static final int DEFAULT_BUFFER_SIZE = 8192;
    /** Default {@code shutdownTimeout}, in milliseconds (stock {@code <Async>}: 0, no bound). */
    public static final long DEFAULT_SHUTDOWN_TIMEOUT_MILLIS = 10_000;
    /** Default {@code maxBlockTime}: no bound. */
    public static final long DEFAULT_MAX_BLOCK_TIME_MILLIS = -1;
    /** Default {@code maxBatchSize}, in events. */
    public static final int DEFAULT_MAX_BATCH_SIZE = PipelineSettings.DEFAULT_MAX_BATCH_SIZE;

    private static final StatusReporter STATUS = new StatusLoggerReporter();

    private final PipelineSettings settings;
    private final Configuration configuration;
    private final AppenderRef[] appenderRefs;
    private final String errorRef;
    private final boolean includeLocation;
    private final boolean jmx;
    private final String jmxName;
    private final SlotWriter<LogEventSlot, LogEvent> writer;
    private final CallerEncodingMode callerEncoding;
    private final boolean waitsBelowWarn;
    private final boolean waitsAtWarn;

    // Lifecycle fields. start() writes them before setStarted(), a volatile store of the AbstractLifeCycle state;
    // append() reads that state first, so a caller that sees STARTED sees the pipeline of that start.
    private AsyncPipeline<LogEventSlot> pipeline;
    private TargetDispatcher dispatcher;
    private ShutdownDrainFilter drainHook;
    private AutoCloseable mbean;
    private LiveAppenders.Registration live = () -> { };
    private boolean requiresLocation;
    private TargetsFilter targetsFilter = TargetsFilter.OFFER_ALL;
    private CallerLayouts layouts = CallerLayouts.NONE;
    /** Whether the first drop of a must-not-wait caller's event behind a stuck consumer was reported (once per instance). */
    private final AtomicBoolean stuckDropReported = new AtomicBoolean();

    private RingAsyncAppender(Builder<?> builder, PipelineSettings settings) {
        super(builder.getName(), builder.getFilter(), null, builder.isIgnoreExceptions(), builder.getPropertyArray());
        this.settings = settings;
        this.configuration = builder.getConfiguration();
        this.appenderRefs = builder.getAppenderRefs().clone();
        this.errorRef = builder.getErrorRef();
        this.includeLocation = builder.isIncludeLocation();
        this.jmx = builder.isJmx();
        this.jmxName = builder.getJmxName();
        this.writer = LogEventSlot.writer(includeLocation);
        this.callerEncoding = builder.getCallerEncodingMode();
        boolean mayWait = settings.maxBlockTimeNanos() != 0;
        this.waitsBelowWarn = mayWait && settings.fullQueuePolicy() == FullQueuePolicy.BLOCK;
        this.waitsAtWarn = mayWait && settings.fullQueuePolicy() != FullQueuePolicy.DROP_ALL;
    }

    /** Starts a builder; the plugin framework calls it for {@code <RingAsync>}. */
    @PluginBuilderFactory
    public static <B extends Builder<B>> B newBuilder() {
        return new Builder<B>().asBuilder();
    }

    /**
     * Resolves the {@code AppenderRef}s, starts a new pipeline and installs the shutdown drain. The targets are not
     * called here: Log4j2 may start them after this appender.
     */
    @Override
    public void start() {
        Map<String, Appender> appenders = configuration.getAppenders();
        List<AppenderControl> targets = new ArrayList<>(appenderRefs.length);
        List<AppenderRef> resolved = new ArrayList<>(appenderRefs.length);
        List<TargetFilter> decisions = new ArrayList<>(appenderRefs.length);
        for (AppenderRef ref : appenderRefs) {
            Appender target = appenders.get(ref.getRef());
            if (target == null || target == this) {
                LOGGER.error("RingAsync appender '{}': AppenderRef '{}' names no other configured appender; it is skipped",
                        getName(), ref.getRef());
            } else {
                targets.add(new AppenderControl(target, ref.getLevel(), ref.getFilter()));
                resolved.add(ref);
                decisions.add(TargetFilter.of(ref, target));
            }
        }
        AppenderControl errorTarget = null;
        if (errorRef != null) {
            Appender error = appenders.get(errorRef);
            if (error == null || error == this) {
                LOGGER.error("RingAsync appender '{}': errorRef '{}' names no other configured appender; dropped events "
                        + "are only counted", getName(), errorRef);
            } else {
                errorTarget = new AppenderControl(error, null, null);
            }
        }
        if (targets.isEmpty()) {
            LOGGER.error("RingAsync appender '{}' has no appender to deliver to; it was not started and the events "
                    + "sent to it are dropped", getName());
            return;
        }
        // Log4j2 may start the targets after this appender: built is enough (their layout and output exist), and the
        // consumer writes to a started target only.
        CallerLayouts newLayouts = CallerLayouts.of(getName(), resolved, targets, callerEncoding);
        TargetDispatcher newDispatcher = new TargetDispatcher(getName(), targets, errorTarget, newLayouts);
        AsyncPipeline<LogEventSlot> newPipeline = AsyncPipeline.create(settings, new SlotBlocks(newLayouts.size()), newDispatcher, STATUS);
        try {
            newPipeline.start();
        } catch (RuntimeException noConsumer) {
            LOGGER.error("RingAsync appender '{}' could not start its consumer thread; it was not started and the events "
                    + "sent to it are dropped", getName(), noConsumer);
            return;
        }
        this.dispatcher = newDispatcher;
        this.pipeline = newPipeline;
        this.requiresLocation = includeLocation && anyRequiresLocation(newDispatcher);
        this.targetsFilter = TargetsFilter.of(decisions);
        this.layouts = newLayouts;
        this.mbean = jmx ? AsyncAppenderMBeans.register("log4j2", configuration.getLoggerContext(), contextName(), getName(), jmxName,
                newPipeline::stats, STATUS) : null;
        this.live = LiveAppenders.register("log4j2", configuration.getLoggerContext(), contextName(), getName(), newPipeline::stats, newPipeline::hasFailed);
        this.drainHook = ShutdownDrainFilter.install(configuration, this::drainBeforeAppendersStop);
        super.start();
    }

    /**
     * Copies the event and hands it to the consumer; see the class notes for a full ring and for events that
     * arrive after the drain. An event every target would refuse is skipped first ({@link TargetsFilter}). The message
     * is formatted, and the targets encoded on the callers are encoded ({@link CallerLayouts}), before a slot is claimed
     * ({@link LogEventSlot#prepare}).
     */
    @Override
    public void append(LogEvent event) {
        if (getState() == State.STARTED && targetsFilter.refusedByEveryTarget(event)) {
            return;
        }
        LogEventSlot.prepare(event, includeLocation);
        if (getState() == State.STARTED) {
            AsyncPipeline<LogEventSlot> ring = pipeline;
            CallerLayouts encodedHere = layouts;
            EventLevel level = LevelMapping.of(event.getLevel());
            // An event the policy is about to drop is not encoded; should it be queued after all, the consumer encodes it.
            Object encodedAhead = encodedHere.size() == 0 || ring.wouldDrop(level) ? null : encodedHere.encodeAhead(event);
            try {
                appendRunning(ring, level, event, encodedHere, encodedAhead);
            } finally {
                encodedHere.release(encodedAhead);
            }
            return;
        }
        appendOutsideRing(event);
    }

    private void appendRunning(AsyncPipeline<LogEventSlot> ring, EventLevel level, LogEvent event, CallerLayouts encodedHere,
            Object encodedAhead) {
        BiSlotWriter<LogEventSlot, LogEvent, Object> withBytes = encodedHere.writer(includeLocation);
        long bytes = LogEventWeights.of(event) + encodedHere.encodedLength(encodedAhead);
        OfferOutcome outcome = ring.tryOffer(level, event, encodedAhead, withBytes, bytes);
        if (outcome == OfferOutcome.ACCEPTED) {
            return;
        }
        if (outcome == OfferOutcome.DROPPED) {
            onDropped(event);
            return;
        }
        if (outcome == OfferOutcome.FULL) {
            // Not on a thread delivering our events: there the core enqueues or drops and counts (it never waits),
            // whereas delivering now would re-enter the target that is logging and be refused by Log4j2.
            if (mayWait(level) && mustNotWait() && !ring.isDeliveringThread()) {
                appendWithoutWaiting(ring, level, event, encodedAhead, withBytes, bytes);
                return;
            }
            OfferOutcome waited = ring.offerWhileRunning(level, event, encodedAhead, withBytes, bytes);
            if (waited == OfferOutcome.DROPPED) {
                onDropped(event);
            } else if (waited == OfferOutcome.CLOSED) {
                appendOutsideRing(event);
            }
            return;
        }
        appendOutsideRing(event);
    }

    /**
     * A caller that must not wait for room (see the class notes) found the ring full: its event is delivered on its own
     * thread, unless the consumer is stuck inside a target, which this caller would then be stuck in too, and with it
     * Log4j2's stop: then it is dropped and counted ({@link AsyncPipeline#tryOfferUnlessStuck}).
     */
    private void appendWithoutWaiting(AsyncPipeline<LogEventSlot> ring, EventLevel level, LogEvent event, Object encodedAhead,
            BiSlotWriter<LogEventSlot, LogEvent, Object> withBytes, long bytes) {
        OfferOutcome outcome = ring.tryOfferUnlessStuck(level, event, encodedAhead, withBytes, bytes);
        if (outcome == OfferOutcome.FULL) {
            dispatcher.deliverNow(LogEventSlot.copy(event, includeLocation));
            ring.recordDirectDelivery();
        } else if (outcome == OfferOutcome.DROPPED) {
            if (ring.isRunning() && !stuckDropReported.getAndSet(true)) {
                LOGGER.warn("RingAsync appender '{}': a {} found the queue full while the consumer has been inside one event "
                        + "for {} ms (a target is blocked or very slow); its event was dropped rather than written into that target "
                        + "on its own thread, where it would have been held as long; further such drops are counted in the drop "
                        + "summaries", getName(), isNestedCall() ? "nested logging call" : "Log4j2 thread",
                        AsyncPipeline.STUCK_DELIVERY_MILLIS);
            }
            onDropped(event);
        } else if (outcome == OfferOutcome.CLOSED) {
            appendOutsideRing(event);
        }
    }

    private boolean mayWait(EventLevel level) {
        return level.isBelowWarn() ? waitsBelowWarn : waitsAtWarn;
    }

    /** A Log4j2 background thread, or a logging call made from inside another one (see the class notes). */
    private static boolean mustNotWait() {
        return Thread.currentThread() instanceof Log4jThread || isNestedCall();
    }

    /** A logging call made from inside another one on this thread (a target's, or a parameter's {@code toString()}). */
    private static boolean isNestedCall() {
        return AbstractLogger.getRecursionDepth() > 1;
    }

    /**
     * The policy dropped the event (counted by the pipeline): it goes to {@code errorRef} if one is set, as stock
     * {@code <Async>} does with events it cannot queue.
     */
    private void onDropped(LogEvent event) {
        dispatcher.deliverDropped(event);
    }

    /**
     * Queues the event while the pipeline still takes it; else delivers on the caller's thread once the ring has been
     * drained (waiting for a drain in progress, so that the caller's earlier events go first). A log call nested in the
     * copy of this thread's own earlier event into the ring never waits for the drain, which waits for that copy: the
     * pipeline queues it, or, when the ring is full, it is delivered at once. On the consumer thread itself (a target that logs after the ring stopped queueing)
     * the event is dropped and counted instead: delivering it there would re-enter the target that is logging. Log4j2's own threads wait
     * too: the drain never waits for them, because the consumer is a {@link Log4jThread}, which Log4j2's Async Loggers
     * and {@code <Async>} serve synchronously when their queue is full. After a drain that gave up (a target blocked
     * or too slow) the pipeline drops and counts the event instead: a caller sent into that target would hang there,
     * and with it Log4j2's stop, which waits for every logging call in flight.
     */
    private void appendOutsideRing(LogEvent event) {
        AsyncPipeline<LogEventSlot> ring = pipeline;
        TargetDispatcher targets = dispatcher;
        if (ring == null || targets == null) {
            return; // never started: reported by start(), and by Log4j2 for each call
        }
        if (ring.isDeliveringThread()) {
            // A target logging on the consumer thread after the ring stopped queueing (the drain queues them): delivering
            // it here would re-enter the target that is logging, which Log4j2 refuses. Dropped and counted instead.
            if (!ring.offer(LevelMapping.of(event.getLevel()), event, writer)) {
                onDropped(event);
            }
            return;
        }
        EventLevel level = LevelMapping.of(event.getLevel());
        // Still queued while the pipeline runs (this appender is stopping), and during the drain for a log call nested
        // in the copy of this thread's own earlier event (a parameter's toString()): the drain waits for that copy, so
        // such a call must not wait for the drain, nor for room in a full ring.
        OfferOutcome outcome = ring.tryOffer(level, event, writer);
        if (outcome == OfferOutcome.CLOSED || (outcome == OfferOutcome.FULL && !isNestedCall())) {
            ring.stop();
            outcome = ring.tryOffer(level, event, writer);
        }
        if (outcome == OfferOutcome.DROPPED) {
            onDropped(event);
        } else if (outcome != OfferOutcome.ACCEPTED) {
            targets.deliverNow(LogEventSlot.copy(event, includeLocation));
            ring.recordDirectDelivery();
        }
    }

    /** Called by the {@link ShutdownDrainFilter} when the configuration stops, before any appender stops. */
    private void drainBeforeAppendersStop() {
        AsyncPipeline<LogEventSlot> ring = pipeline;
        if (ring != null) {
            StopReport report = ring.stop();
            LOGGER.debug("RingAsync appender '{}' drained before the configuration stopped its appenders: {}", getName(), report);
        }
    }

    /**
     * Drains what is still queued, unregisters the MBean and removes the shutdown hook.
     *
     * <p>The wait for the drain ends at the shorter of {@code timeout} and {@code shutdownTimeout}; a {@code timeout}
     * of 0 or less means none was given (Log4j2's {@code stop()}, a reconfiguration and a LoggerContext stop pass 0), and
     * then {@code shutdownTimeout} alone bounds it. Log4j2's own {@code <Async>} ignores {@code timeout} and always waits
     * up to its {@code shutdownTimeout}; RingAsync honours the shorter bound, as {@code LifeCycle2} asks. When
     * {@code timeout} ends the wait first, the events still queued are reported through the StatusLogger and this
     * method returns false; the drain goes on in the background until it completes or reaches {@code shutdownTimeout},
     * which reports the events it then loses as usual. When a configuration stops, RingAsync has already drained
     * (bounded by {@code shutdownTimeout}) before Log4j2 stops its appenders: see the class notes.
     *
     * @param timeout  the longest this call may wait for the drain; 0 or less: {@code shutdownTimeout}
     * @param timeUnit the unit of {@code timeout}
     * @return false if the drain did not complete within the bound
     */
    @Override
    public boolean stop(long timeout, TimeUnit timeUnit) {
        setStopping();
        super.stop(timeout, timeUnit, false);
        boolean drained = true;
        AsyncPipeline<LogEventSlot> ring = pipeline;
        if (ring != null) {
            drained = stopPipelineWithin(ring, timeUnit.toMillis(timeout));
        }
        ShutdownDrainFilter hook = drainHook;
        if (hook != null) {
            hook.uninstall();
            drainHook = null;
        }
        closeMBean();
        live.close();
        setStopped();
        return drained;
    }

    /**
     * Stops the pipeline and waits for its drain, at most {@code timeoutMillis} when that is positive and shorter than
     * {@code shutdownTimeout} (which bounds the drain itself). The shorter wait runs the stop on a daemon thread,
     * {@code ringlog-<name>-stop}, and joins it, so that the drain goes on past the wait; the join orders the report's
     * write before its read. On a thread delivering this appender's events (a target stopping it) the pipeline's stop
     * returns at once and the drain follows the current delivery.
     */
    private boolean stopPipelineWithin(AsyncPipeline<LogEventSlot> ring, long timeoutMillis) {
        long shutdownTimeout = settings.drainTimeoutMillis();
        boolean shutdownTimeoutIsShorter = shutdownTimeout != 0 && shutdownTimeout <= timeoutMillis;
        if (timeoutMillis <= 0 || shutdownTimeoutIsShorter || ring.isDeliveringThread()) {
            return ring.stop().drained();
        }
        StopReport[] report = new StopReport[1];
        Thread stopping = new Thread(() -> report[0] = ring.stop(), "ringlog-" + getName() + "-stop");
        stopping.setDaemon(true);
        stopping.start();
        try {
            stopping.join(timeoutMillis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        if (!stopping.isAlive()) {
            return report[0] != null && report[0].drained();
        }
        long pending = ring.stats().queueSize();
        LOGGER.warn("RingAsync appender '{}' has not delivered {} {} within the stop timeout of {} ms{}; the drain goes "
                + "on in the background {}, and reports the events it loses (a target is blocked or too slow)", getName(),
                pending, pending == 1 ? "event" : "events", timeoutMillis,
                Thread.currentThread().isInterrupted() ? " (the stopping thread was interrupted)" : "",
                shutdownTimeout == 0 ? "without a bound (shutdownTimeout=0)" : "for up to shutdownTimeout (" + shutdownTimeout + " ms)");
        return false;
    }

    private void closeMBean() {
        AutoCloseable registration = mbean;
        mbean = null;
        if (registration != null) {
            try {
                registration.close();
            } catch (Exception e) {
                LOGGER.warn("RingAsync appender '{}' could not unregister its MBean: {}", getName(), e.toString());
            }
        }
    }

    private String contextName() {
        return ContextNames.stableName(configuration.getLoggerContext());
    }

    private boolean anyRequiresLocation(TargetDispatcher targets) {
        List<Appender> all = targets.appenders();
        Appender error = targets.errorAppender();
        if (error != null) {
            all.add(error);
        }
        for (Appender appender : all) {
            if (appender instanceof LocationAware && ((LocationAware) appender).requiresLocation()) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code includeLocation} is set and a target needs the location; Log4j2 then computes it up front. */
    @Override
    public boolean requiresLocation() {
        return requiresLocation;
    }

    /**
     * The counters of the current (or last) pipeline: enqueued, delivered, failed, dropped by level, queue size, and
     * the callers that waited for room (and how long).
     * Any thread; all zero before the first start.
     */
    public PipelineStats getStats() {
        getState(); // orders the read below after start()'s writes
        AsyncPipeline<LogEventSlot> ring = pipeline;
        return ring == null ? new PipelineStats(settings.capacity(), 0, 0, 0, new long[EventLevel.values().length]) : ring.stats();
    }

    /** The pipeline settings translated from this appender's attributes. */
    public PipelineSettings getSettings() {
        return settings;
    }

    /** The names of the target appenders, as configured. */
    public String[] getAppenderRefStrings() {
        String[] names = new String[appenderRefs.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = appenderRefs[i].getRef();
        }
        return names;
    }

    /** The name of the error appender, or null. */
    public String getErrorRef() {
        return errorRef;
    }

    /** Where file and console targets are encoded ({@code callerEncoding}): AUTO, ALWAYS or NEVER. */
    public String getCallerEncoding() {
        return callerEncoding.name();
    }

    /** Whether the caller's location is copied with each event. */
    public boolean isIncludeLocation() {
        return includeLocation;
    }

    @Override
    public String toString() {
        return "RingAsyncAppender[" + getName() + ", " + getState() + ", " + settings + "]";
    }

    /**
     * Collects {@code <RingAsync>}'s attributes; every attribute has a public setter for programmatic use. Not
     * thread-safe. {@link #build()} reports an invalid value through the StatusLogger and returns null.
     *
     * @param <B> the builder type
     */
    public static final class Builder<B extends Builder<B>> extends AbstractFilterable.Builder<B>
            implements org.apache.logging.log4j.core.util.Builder<RingAsyncAppender> {

        @PluginBuilderAttribute
        @Required(message = "No name provided for RingAsync")
        private String name;

        @PluginElement("AppenderRef")
        private AppenderRef[] appenderRefs;

        @PluginBuilderAttribute
        @PluginAliases("error-ref")
        private String errorRef;

        // The booleans are text: Log4j2's converter reads anything but "true" as false (see BooleanAttribute).
        @PluginBuilderAttribute
        private String blocking;

        @PluginBuilderAttribute
        private long shutdownTimeout = DEFAULT_SHUTDOWN_TIMEOUT_MILLIS;

        @PluginBuilderAttribute
        private int bufferSize = DEFAULT_BUFFER_SIZE;

        @PluginBuilderAttribute
        private String includeLocation;

        @PluginConfiguration
        private Configuration configuration;

        @PluginBuilderAttribute
        private String ignoreExceptions;

        @PluginBuilderAttribute
        private String fullQueuePolicy;

        @PluginBuilderAttribute
        private int discardingThreshold;

        @PluginBuilderAttribute
        private long maxBlockTime = DEFAULT_MAX_BLOCK_TIME_MILLIS;

        @PluginBuilderAttribute
        private String jmx;

        @PluginBuilderAttribute
        private String jmxName;

        @PluginBuilderAttribute
        private String drainOnExit;

        @PluginBuilderAttribute
        private int maxBatchSize = DEFAULT_MAX_BATCH_SIZE;

        @PluginBuilderAttribute
        private String maxQueueBytes;

        @PluginBuilderAttribute
        private String callerEncoding = "AUTO";

        /** Use {@link RingAsyncAppender#newBuilder()}. */
        Builder() {
        }

        /** Validates the attributes and creates the appender; null (after a StatusLogger error) if one is invalid. */
        @Override
        public RingAsyncAppender build() {
            String log4jVersion = Log4jVersion.detected();
            if (!Log4jVersion.isSupported(log4jVersion)) {
                LOGGER.error("RingAsync requires Log4j2 {} or newer, but log4j-core {} is on the class path; appender '{}' was not "
                        + "created. Upgrade Log4j2 (releases before 2.17.1 also have known vulnerabilities), or use <Async>.",
                        Log4jVersion.MINIMUM, log4jVersion, name);
                return null;
            }
            if (name == null || name.isEmpty()) {
                LOGGER.error("No name provided for RingAsync; the appender was not created");
                return null;
            }
            if (configuration == null) {
                LOGGER.error("RingAsync appender '{}' has no Configuration (setConfiguration); the appender was not created", name);
                return null;
            }
            if (appenderRefs == null || appenderRefs.length == 0) {
                LOGGER.error("RingAsync appender '{}' has no <AppenderRef>, so no appender to deliver to; the appender was not created", name);
                return null;
            }
            PipelineSettings settings;
            try {
                settings = RingAsyncSettings.from(this);
            } catch (IllegalArgumentException invalid) {
                LOGGER.error("RingAsync appender '{}': {}; the appender was not created", name, invalid.getMessage());
                return null;
            }
            return new RingAsyncAppender(this, settings);
        }

        /** The appender's name (required). */
        public B setName(String name) {
            this.name = name;
            return asBuilder();
        }

        /** The target appenders (at least one). */
        public B setAppenderRefs(AppenderRef... appenderRefs) {
            this.appenderRefs = appenderRefs;
            return asBuilder();
        }

        /** The appender that gets dropped events and events no target took; default none. */
        public B setErrorRef(String errorRef) {
            this.errorRef = errorRef;
            return asBuilder();
        }

        /** Whether a caller waits for room (default true) or its event is dropped (false: {@code DROP_ALL}). */
        public B setBlocking(boolean blocking) {
            this.blocking = String.valueOf(blocking);
            return asBuilder();
        }

        /** The drain bound when stopping, in ms; default {@value RingAsyncAppender#DEFAULT_SHUTDOWN_TIMEOUT_MILLIS}; 0 = none. */
        public B setShutdownTimeout(long shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
            return asBuilder();
        }

        /** The ring's capacity; default {@value RingAsyncAppender#DEFAULT_BUFFER_SIZE}, rounded up to a power of two. */
        public B setBufferSize(int bufferSize) {
            this.bufferSize = bufferSize;
            return asBuilder();
        }

        /** Whether the caller's location is copied; default false. */
        public B setIncludeLocation(boolean includeLocation) {
            this.includeLocation = String.valueOf(includeLocation);
            return asBuilder();
        }

        /** The configuration the appender belongs to (injected by Log4j2). */
        public B setConfiguration(Configuration configuration) {
            this.configuration = configuration;
            return asBuilder();
        }

        /** Whether exceptions are handled by the appender's error handler (default true) or thrown to the caller. */
        public B setIgnoreExceptions(boolean ignoreExceptions) {
            this.ignoreExceptions = String.valueOf(ignoreExceptions);
            return asBuilder();
        }

        /**
         * {@code BLOCK}, {@code DROP_BELOW_WARN} or {@code DROP_ALL}; default {@code BLOCK}, or {@code DROP_ALL} with
         * {@code blocking="false"}, which also wins over any other policy given here.
         */
        public B setFullQueuePolicy(String fullQueuePolicy) {
            this.fullQueuePolicy = fullQueuePolicy;
            return asBuilder();
        }

        /** Free slots at or below which events below WARN are dropped; default 0 (off). */
        public B setDiscardingThreshold(int discardingThreshold) {
            this.discardingThreshold = discardingThreshold;
            return asBuilder();
        }

        /** The longest a caller waits for room, in ms; default -1 (no bound). */
        public B setMaxBlockTime(long maxBlockTime) {
            this.maxBlockTime = maxBlockTime;
            return asBuilder();
        }

        /** Whether the counters are published over JMX; default true. */
        public B setJmx(boolean jmx) {
            this.jmx = String.valueOf(jmx);
            return asBuilder();
        }

        /** The {@code name} key of the MBean's ObjectName; default (null or empty): the appender's name. */
        public B setJmxName(String jmxName) {
            this.jmxName = jmxName;
            return asBuilder();
        }

        /** Whether a JVM shutdown hook drains the ring at exit; default true. */
        public B setDrainOnExit(boolean drainOnExit) {
            this.drainOnExit = String.valueOf(drainOnExit);
            return asBuilder();
        }

        /** The most events between two flushes; default {@value RingAsyncAppender#DEFAULT_MAX_BATCH_SIZE}. */
        public B setMaxBatchSize(int maxBatchSize) {
            this.maxBatchSize = maxBatchSize;
            return asBuilder();
        }

        /**
         * The most bytes the queued events may hold, as estimated per event (its stack trace, its message): bytes, or a
         * size with {@code KB}, {@code MB} or {@code GB}; default (absent or empty) a sixteenth of the maximum heap, {@code 0}
         * = no byte bound. An event that would pass it is handled as on a full ring (the policy has the caller wait, or
         * drops it, counted as {@code queue_bytes_full}). Only events estimated at 1 KiB or more count.
         */
        public B setMaxQueueBytes(String maxQueueBytes) {
            this.maxQueueBytes = maxQueueBytes;
            return asBuilder();
        }

        /**
         * Where file and console targets are encoded: {@code AUTO} (default) on the callers' threads for layouts that make
         * a byte array per event anyway (Spring Boot's structured logging, JSON layouts), {@code ALWAYS} for every layout,
         * {@code NEVER} on the consumer thread. Case-insensitive.
         */
        public B setCallerEncoding(String callerEncoding) {
            this.callerEncoding = callerEncoding;
            return asBuilder();
        }

        /** The {@code callerEncoding} attribute as written; {@code AUTO} when it was not given. */
        public String getCallerEncoding() {
            return callerEncoding;
        }

        /** The mode {@code callerEncoding} names (AUTO when absent); throws IllegalArgumentException for any other value. */
        CallerEncodingMode getCallerEncodingMode() {
            CallerEncodingMode mode = CallerEncodingMode.parse(callerEncoding);
            if (mode == null) {
                throw new IllegalArgumentException("callerEncoding must be AUTO, ALWAYS or NEVER, was \"" + callerEncoding + "\"");
            }
            return mode;
        }

        /** The appender's name. */
        public String getName() {
            return name;
        }

        /** The target appender references. */
        public AppenderRef[] getAppenderRefs() {
            return appenderRefs;
        }

        /** The error appender's name, or null. */
        public String getErrorRef() {
            return errorRef;
        }

        /** The {@code blocking} attribute as written, or null when it was not given; {@code build()} accepts true or false only. */
        public String getBlocking() {
            return blocking;
        }

        /** Whether callers may wait for room (default true); throws IllegalArgumentException if the attribute is neither true nor false. */
        public boolean isBlocking() {
            return BooleanAttribute.read("blocking", blocking, true);
        }

        /** The drain bound, in ms. */
        public long getShutdownTimeout() {
            return shutdownTimeout;
        }

        /** The requested capacity. */
        public int getBufferSize() {
            return bufferSize;
        }

        /** Whether the location is copied; throws IllegalArgumentException if the attribute is neither true nor false. */
        public boolean isIncludeLocation() {
            return BooleanAttribute.read("includeLocation", includeLocation, false);
        }

        /** The owning configuration. */
        public Configuration getConfiguration() {
            return configuration;
        }

        /** Whether exceptions are handled rather than thrown. */
        public boolean isIgnoreExceptions() {
            return BooleanAttribute.read("ignoreExceptions", ignoreExceptions, true);
        }

        /** The {@code fullQueuePolicy} attribute, or null when it was not given. */
        public String getFullQueuePolicy() {
            return fullQueuePolicy;
        }

        /** The discarding threshold, in free slots. */
        public int getDiscardingThreshold() {
            return discardingThreshold;
        }

        /** The block bound, in ms. */
        public long getMaxBlockTime() {
            return maxBlockTime;
        }

        /** Whether the MBean is registered. */
        public boolean isJmx() {
            return BooleanAttribute.read("jmx", jmx, true);
        }

        /** The configured {@code name} key of the MBean, or null for the appender's name. */
        public String getJmxName() {
            return jmxName;
        }

        /** Whether the JVM-exit drain is installed. */
        public boolean isDrainOnExit() {
            return BooleanAttribute.read("drainOnExit", drainOnExit, true);
        }

        /** The batch bound. */
        public int getMaxBatchSize() {
            return maxBatchSize;
        }

        /** The byte bound as written, or null for the default. */
        public String getMaxQueueBytes() {
            return maxQueueBytes;
        }
    }
}
