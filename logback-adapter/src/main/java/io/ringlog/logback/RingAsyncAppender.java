package io.ringlog.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.spi.AppenderAttachable;
import io.ringlog.core.AsyncAppenderMBeans;
import io.ringlog.core.AsyncPipeline;
import io.ringlog.core.EventLevel;
import io.ringlog.core.LiveAppenders;
import io.ringlog.core.OfferOutcome;
import io.ringlog.core.PipelineSettings;
import io.ringlog.core.PipelineStats;
import io.ringlog.core.StopReport;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;

/**
 * A drop-in replacement for {@code ch.qos.logback.classic.AsyncAppender}: change the {@code class}
 * attribute and keep the rest of the configuration. Callers hand events to a pre-allocated ring without
 * locks; one consumer thread ({@code ringlog-<name>}, a daemon) delivers them to every {@code <appender-ref>} child,
 * flushing file and console children at the end of each batch. Lossless by default: when the ring is full, a caller
 * waits for room; only the consumer thread ever runs the children with queued events.
 *
 * <pre>{@code
 * <appender name="ASYNC" class="io.ringlog.logback.RingAsyncAppender">
 *   <queueSize>8192</queueSize>                  <!-- ring slots, rounded up to a power of two -->
 *   <discardingThreshold>0</discardingThreshold> <!-- free slots at or below which TRACE..INFO are dropped; 0 = off -->
 *   <neverBlock>false</neverBlock>               <!-- true = fullQueuePolicy DROP_ALL -->
 *   <fullQueuePolicy>BLOCK</fullQueuePolicy>     <!-- BLOCK | DROP_BELOW_WARN | DROP_ALL -->
 *   <maxBlockTime>-1</maxBlockTime>              <!-- how long a caller may wait for a slot, then the event is dropped; -1 = no bound -->
 *   <maxFlushTime>1000</maxFlushTime>            <!-- how long stop() may spend delivering what is queued; 0 = no bound -->
 *   <includeCallerData>false</includeCallerData> <!-- capture %method/%line on the caller's thread -->
 *   <maxBatchSize>1024</maxBatchSize>            <!-- most events between two flushes -->
 *   <flushAtEndOfBatch>true</flushAtEndOfBatch>  <!-- flush immediateFlush=false children at each batch end too -->
 *   <callerEncoding>AUTO</callerEncoding>        <!-- AUTO | ALWAYS | NEVER: where file and console children are encoded -->
 *   <drainOnExit>true</drainOnExit>              <!-- deliver what is queued when the JVM exits without stopping Logback -->
 *   <jmx>true</jmx>                              <!-- io.ringlog:type=AsyncAppender,framework=logback,context=..,name=.. -->
 *   <jmxName>orders</jmxName>                    <!-- the MBean's name key; default: the appender's name -->
 *   <appender-ref ref="FILE"/>
 * </appender>
 * }</pre>
 *
 * <p>{@code maxBlockTime} and {@code maxFlushTime} take milliseconds ({@code 250}) or Logback's duration syntax
 * ({@code 500 milliseconds}, {@code 2 seconds}). logstash-logback-encoder's names are accepted as aliases:
 * {@code ringBufferSize} ({@code queueSize}), {@code appendTimeout} ({@code maxBlockTime}) and
 * {@code shutdownGracePeriod} ({@code maxFlushTime}).
 *
 * <p>Differences from the stock appender: {@code queueSize} defaults to {@value #DEFAULT_QUEUE_SIZE} (stock
 * 256) and {@code discardingThreshold} to 0, i.e. off (stock: a fifth of the queue), so nothing is dropped
 * unless configured; several {@code <appender-ref>}s are supported and each child receives every event;
 * a child that throws does not stop the others. Configuration errors (a queue size below 1, an unknown
 * {@code fullQueuePolicy}, a time that is neither milliseconds nor a duration, no child appender) are reported as Logback errors and the appender does
 * not start.
 *
 * <p>Events are prepared on the caller's thread ({@code prepareForDeferredProcessing()}: formatted message,
 * thread name, MDC; plus caller data with {@code includeCallerData}), so the output is what a synchronous
 * appender would have written. A child's {@code ThresholdFilter} or {@code LevelFilter} is decided there too, before a
 * slot is claimed: an event every child refuses takes no slot and is counted nowhere. File and console children
 * ({@code OutputStreamAppender}s) are also encoded there, with their own encoder, where that is known to be right
 * ({@code callerEncoding=AUTO}: a thread-safe encoder such as Logback's pattern and JSON encoders, logstash-logback-encoder's
 * and Spring Boot's structured ones, Logback's own append path, filters decided on the caller; see
 * {@code CallerEncoding}), and the consumer writes the bytes (see {@code CallerEncoder}): the encoder's work stays
 * spread over the callers' cores as in synchronous logging, and the consumer keeps only the serial part (rollover
 * checks, writes, one flush per batch). {@code ALWAYS} encodes every file and console child on the callers (the
 * configuration vouches for their encoders), {@code NEVER} none, as the stock appender. Such a child's encoder reads
 * the event on the caller's thread, so caller data its pattern asks for ({@code %method}, {@code %line}) is the real
 * call site, as with a synchronous appender, even without {@code includeCallerData}; a child encoded on the consumer
 * prints {@code ?} there unless {@code includeCallerData} is on, as behind the stock {@code AsyncAppender}. The
 * argument array and key/value pairs of an event remain references: an encoder that reads them (rather than the
 * formatted message) sees later mutations, as with the stock appender.
 *
 * <p>Flushing: children that are {@code OutputStreamAppender}s (file, rolling file and console appenders) write
 * every event but flush only at the end of each batch, inside their own lock (see {@code BatchedFlush}); under
 * load that is one write system call per batch instead of one per event, and the file is up to date whenever
 * the queue is empty. This holds whatever the child's {@code immediateFlush}: with Logback's default
 * ({@code true}) it saves flushes, and a child configured with {@code immediateFlush=false} is flushed at the end
 * of each batch as well, as Log4j2 flushes its buffered appenders at the end of a batch. With
 * {@code flushAtEndOfBatch=false} such a child is left as configured while the appender runs: its buffer is written
 * when full and when it stops, as without Ringlog, so a quiet service's last events wait in it (and are lost on a
 * {@code kill -9}); after a completed drain (a stop, or the JVM-exit drain) it is flushed either way.
 *
 * <p>Lifecycle: {@link #stop()} stops accepting events, delivers what is queued within
 * {@code maxFlushTime} (reporting the exact number of events lost if the bound is hit), unregisters the
 * MBean and stops the children, which stay attached: {@link #start()} may be called again and starts a new
 * pipeline. {@link #start()} starts every child that is not started, so children attached in code
 * ({@code addAppender}) need not be started by the caller. Without a Logback {@code <shutdownHook/>}, {@code drainOnExit}
 * still delivers the queue when the JVM exits (the children are not stopped then; those flushed per batch
 * are complete on disk). Events that arrive after a completed drain while Logback still calls this appender (other
 * shutdown hooks logging after the exit drain, as Spring Boot's does while it closes its context) are written on
 * the caller's thread, after that drain, and counted as {@code deliveredDirectly}; the children are stopped only
 * after such writes in progress have returned. An event a child logs on the consumer thread once the ring no longer
 * queues (in the closing window of that drain) is dropped and counted instead: delivered there it would re-enter the
 * children it comes from. After a drain that hit {@code maxFlushTime} every later event is
 * dropped and counted instead. A stop called by a child on a thread delivering this appender's events does not wait for the drain it is
 * part of: the drain follows, then the children are stopped. A child that is also attached to a logger directly is
 * stopped by Logback's reset in logger order, possibly before this appender drains into it: attach each child in
 * one place only.
 *
 * <p>Thread-safety: {@code doAppend} from any thread; configuration setters, {@code start()} and
 * {@code stop()} from the configuring thread, as for any Logback appender; {@link #getStats()} from any
 * thread.
 *
 * <p>Supported Logback: {@value LogbackVersion#MINIMUM} or newer (tested on the latest 1.3, 1.4, 1.5 and 1.6); on an
 * older Logback {@link #start()} reports an error and the appender stays stopped.
 *
 * <p>Implementation notes: {@code pipeline}, {@code encoding}, {@code childrenFilter} and {@code callerData} are written by {@code start()} before
 * {@code super.start()} stores the volatile {@code started} flag (volatile since Logback 1.5.7); producers
 * read them in {@link #append} after {@code doAppend} has loaded that flag, and {@link #getStats()} loads it
 * first, so both see the current pipeline without a lock or a volatile field of ours. Before 1.5.7 the flag
 * is a plain field, and the first start is published instead by the logger's appender list (a
 * copy-on-write list: Joran attaches the appender to its loggers after starting it). A {@code stop()} and
 * {@code start()} of an appender that stays attached has no such edge there: another thread may briefly keep
 * offering to the previous, stopped pipeline, which counts and reports those events as dropped.
 */
public class RingAsyncAppender extends UnsynchronizedAppenderBase<ILoggingEvent> implements AppenderAttachable<ILoggingEvent> {

    /** Default ring size in events. */
    public static final int DEFAULT_QUEUE_SIZE = LogbackSettings.DEFAULT_QUEUE_SIZE;
    /** Default discarding threshold: off. */
    public static final int DEFAULT_DISCARDING_THRESHOLD = LogbackSettings.DEFAULT_DISCARDING_THRESHOLD;
    /** Default bound on the drain at stop, in milliseconds (as stock). */
    public static final int DEFAULT_MAX_FLUSH_TIME = LogbackSettings.DEFAULT_MAX_FLUSH_TIME;
    /** Default bound on a caller's wait for a slot, in milliseconds: none. */
    public static final long DEFAULT_MAX_BLOCK_TIME = LogbackSettings.DEFAULT_MAX_BLOCK_TIME;
    /** Default largest batch between two flushes. */
    public static final int DEFAULT_MAX_BATCH_SIZE = LogbackSettings.DEFAULT_MAX_BATCH_SIZE;
    /** Logback 1.3 and newer drop an {@code <appender>} nested in another while parsing, before any appender exists. */
    static final String NESTED_APPENDER_HINT = "An <appender> nested inside it is discarded by Logback 1.3 and newer before Ringlog "
            + "sees it (Logback reports 'nested appenders are not allowed' or 'Missing attribute [name]'): declare that appender at "
            + "the top level with a name and reference it with <appender-ref>.";
    /** The {@code framework} key of the MBean's ObjectName. */
    static final String FRAMEWORK = "logback";

    private static final PipelineStats NOT_STARTED = new PipelineStats(0, 0, 0, 0, new long[EventLevel.values().length]);

    private final LogbackSettings settings = new LogbackSettings();
    private final ChildAppenders children = new ChildAppenders();
    // LogbackStatus only keeps the reference and calls back once the appender runs: the escape javac 21+ flags
    // (lint "this-escape", unknown to and ignored by older javac) is harmless.
    @SuppressWarnings("this-escape")
    private final LogbackStatus status = new LogbackStatus(this);
    private AsyncPipeline<EventSlot> pipeline;
    private CallerEncoding encoding = CallerEncoding.NONE;
    private ChildrenFilter childrenFilter = ChildrenFilter.OFFER_ALL;
    /** The thread stopping the previous run's children, if a stop left that to one; start() waits for it. */
    private Thread childStopper;
    private boolean callerData;
    private AutoCloseable mbean;
    private LiveAppenders.Registration live = () -> { };

    /**
     * Validates the configuration and starts a new pipeline; reports what is wrong as a Logback error
     * and stays stopped if the configuration is invalid or no appender is attached.
     */
    @Override
    public void start() {
        if (isStarted()) {
            return;
        }
        String name = pipelineName();
        if (!LogbackVersion.isSupportedOnClassPath()) {
            String found = LogbackVersion.detected();
            addError("Ringlog requires Logback " + LogbackVersion.MINIMUM + " or newer, but the logback-classic on the class path is "
                    + (found == null ? "1.2 or older" : found) + "; appender [" + name + "] is not started, so its events are not logged. "
                    + "Upgrade Logback, or use ch.qos.logback.classic.AsyncAppender.");
            return;
        }
        if (children.isEmpty()) {
            addError("No attached appenders found (no appender is referenced inside <appender name=\"" + name
                    + "\">): add at least one <appender-ref ref=\"...\"/>; appender [" + name + "] is not started, so its events are not logged. "
                    + NESTED_APPENDER_HINT);
            return;
        }
        PipelineSettings pipelineSettings = settings.toPipelineSettings(name, this);
        if (pipelineSettings == null) {
            return;
        }
        awaitPreviousChildStopper(pipelineSettings.drainTimeoutMillis());
        children.startStopped(this);
        CallerEncodingMode mode = settings.callerEncodingMode(name, this);
        Appender<ILoggingEvent>[] started = children.snapshot();
        CallerEncoding encodedOnCaller = CallerEncoding.install(started, mode, this, name);
        ChildDelivery delivery = new ChildDelivery(children, encodedOnCaller, this, settings.flushAtEndOfBatch);
        AsyncPipeline<EventSlot> created = AsyncPipeline.create(pipelineSettings, () -> new EventSlot(encodedOnCaller),
                delivery, status);
        try {
            created.start();
        } catch (RuntimeException e) {
            encodedOnCaller.uninstall();
            addError("Could not start the consumer thread of appender [" + name + "]; it is not started, so its events are not logged.", e);
            return;
        }
        pipeline = created;
        encoding = encodedOnCaller;
        childrenFilter = ChildrenFilter.of(started);
        callerData = settings.includeCallerData;
        if (settings.jmx) {
            mbean = registerMBean(name, created);
        }
        live = LiveAppenders.register(FRAMEWORK, context, context == null ? null : context.getName(), name, created::stats, created::hasFailed);
        super.start();
        addInfo("Ringlog appender [" + name + "] started: " + pipelineSettings);
    }

    /**
     * Decides the children's level filters, prepares and encodes the event on the caller's thread and offers it to the
     * pipeline; the full-queue policy decides whether the caller waits or the event is dropped (and counted).
     */
    @Override
    protected void append(ILoggingEvent event) {
        if (childrenFilter.refusedByEveryChild(event, children)) {
            return; // as in synchronous logging: every child's filter refuses it, and nothing counts it
        }
        event.prepareForDeferredProcessing();
        if (callerData) {
            event.getCallerData();
        }
        AsyncPipeline<EventSlot> ring = pipeline;
        CallerEncoding encodedHere = encoding;
        EventLevel level = EventLevels.of(event.getLevel());
        // An event the policy is about to drop is not encoded; should it be queued after all, the consumer encodes it.
        Object encodedAhead = ring.wouldDrop(level) ? null : encodedHere.encodeAhead(event);
        try {
            long bytes = EventWeights.of(event, encodedHere.encodedLength(encodedAhead));
            OfferOutcome outcome = ring.offerWhileRunning(level, event, encodedAhead, encodedHere.writer(), bytes);
            if (outcome == OfferOutcome.CLOSED) {
                appendAfterDrain(ring, level, event, encodedHere, encodedAhead);
            }
        } finally {
            encodedHere.release(encodedAhead);
        }
    }

    /**
     * The pipeline no longer queues although Logback still calls this appender: its JVM-exit drain ran while the
     * application goes on logging from its own shutdown hooks (Spring Boot closes its context there and only then
     * stops Logback), or its consumer thread failed. Waits for the drain in progress, so that the caller's earlier
     * events are written first, then writes the event on the caller's thread, as a synchronous appender would, with the
     * bytes already encoded for it. After a drain that gave up (a child blocked or too slow) the pipeline drops and
     * counts it instead. On the consumer thread itself (a child logging in the closing window of the drain, after the
     * ring stopped queueing) the event is dropped and counted: delivered there, it would re-enter the children it comes
     * from (without end on Logback 1.5.34 and newer, whose appenders have no re-entry guard).
     */
    private void appendAfterDrain(AsyncPipeline<EventSlot> ring, EventLevel level, ILoggingEvent event, CallerEncoding encodedHere,
            Object encodedAhead) {
        if (ring.isDeliveringThread()) {
            ring.offer(level, event, encodedHere.writerWithoutBytes()); // the ring is closed: counts it as dropped
            return;
        }
        ring.stop();
        if (ring.offerWhileRunning(level, event, encodedAhead, encodedHere.writer()) == OfferOutcome.CLOSED) {
            // Allocates on this rare path only: the pipeline no longer queues.
            encodedHere.handOverOnThisThread(event, encodedAhead);
            try {
                ring.deliverOnCallerThread(level, event, this::appendToChildrenNow);
            } finally {
                encodedHere.withdrawOnThisThread();
            }
        }
    }

    private void appendToChildrenNow(ILoggingEvent event) {
        children.appendOnCallerThread(event, this, settings.flushAtEndOfBatch);
    }

    /**
     * Stops accepting events, delivers what is queued within {@code maxFlushTime}, unregisters the MBean and
     * stops the children. If the bound was hit, the exact loss has been reported as an error and the
     * children are stopped on a separate daemon thread, since one of them may still be blocked in a write.
     */
    @Override
    public void stop() {
        if (!isStarted()) {
            return;
        }
        super.stop();
        AsyncPipeline<EventSlot> ring = pipeline;
        CallerEncoding stopped = encoding;
        encoding = CallerEncoding.NONE;
        childrenFilter = ChildrenFilter.OFFER_ALL;
        StopReport report = ring.stop();
        closeMBean();
        live.close();
        if (report.drained()) {
            addInfo("Queue flush finished successfully within timeout: appender [" + pipelineName() + "] delivered every queued event ("
                    + report.elapsedMillis() + " ms).");
            ring.endCallerThreadDeliveries();
            children.stopAll();
            stopped.uninstall();
            return;
        }
        if (report.deferred()) {
            addInfo("Appender [" + pipelineName() + "] was stopped by one of its own child appenders, on a thread delivering its events: it "
                    + "delivers the " + report.undelivered() + " queued events first, then stops its child appenders.");
        } else {
            addInfo("Appender [" + pipelineName() + "] stops its child appenders on a separate thread: one of them may still be "
                    + "blocked delivering an event.");
        }
        // After a deferred stop, ring.stop() waits here for the drain (within maxFlushTime) before the children stop.
        Thread stopper = new Thread(() -> {
            ring.stop();
            ring.endCallerThreadDeliveries();
            children.stopAll();
            stopped.uninstall();
        }, "ringlog-" + pipelineName() + "-stop-children");
        stopper.setDaemon(true);
        childStopper = stopper;
        stopper.start();
    }

    /**
     * Waits, within the new run's {@code maxFlushTime}, for the thread that stops the previous run's children (a stop
     * whose drain gave up or was deferred), so that it does not stop them after this start has started them again.
     * If it does not end in time (a child blocked in its own stop), the start goes on with a warning: an event for a
     * child stopped later is counted as failed, never delivered into nothing.
     */
    private void awaitPreviousChildStopper(long boundMillis) {
        Thread stopper = childStopper;
        childStopper = null;
        if (stopper == null || !stopper.isAlive()) {
            return;
        }
        boolean interrupted = false;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        while (stopper.isAlive()) {
            long left = boundMillis == 0 ? Long.MAX_VALUE : deadline - System.nanoTime();
            if (left <= 0) {
                addWarn("Appender [" + pipelineName() + "] starts while the child appenders of its previous run are still being "
                        + "stopped (one of them did not return from its stop within " + boundMillis + " ms); a child stopped "
                        + "after this start fails the events delivered to it, which are counted as failed.");
                break;
            }
            try {
                stopper.join(boundMillis == 0 ? 0 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A snapshot of the counters of the current (or last) pipeline: capacity, queue size, enqueued,
     * delivered, dropped (total and per level), failed, and the callers that waited for room (and how long).
     * All zero before the first start. Any thread.
     */
    public PipelineStats getStats() {
        if (isStarted()) {
            return pipeline.stats();
        }
        AsyncPipeline<EventSlot> last = pipeline;
        return last == null ? NOT_STARTED : last.stats();
    }

    /**
     * An unnamed appender (set up in code) is told apart from other unnamed ones of its context by its identity, so that
     * a second one gets {@code instance=2} (with a warning) instead of taking the first one's MBean over as the
     * successor of a same-named appender would.
     */
    private AutoCloseable registerMBean(String name, AsyncPipeline<EventSlot> created) {
        boolean unnamed = getName() == null;
        String appender = unnamed ? name + "@" + Integer.toHexString(System.identityHashCode(this)) : name;
        String jmxName = unnamed && (settings.jmxName == null || settings.jmxName.isEmpty()) ? name : settings.jmxName;
        return AsyncAppenderMBeans.register(FRAMEWORK, context, context == null ? null : context.getName(), appender, jmxName,
                created::stats, status);
    }

    private void closeMBean() {
        AutoCloseable registered = mbean;
        mbean = null;
        if (registered != null) {
            try {
                registered.close();
            } catch (Exception e) {
                addWarn("Could not unregister the MBean of appender [" + pipelineName() + "]; it may linger until the JVM exits.", e);
            }
        }
    }

    private String pipelineName() {
        String name = getName();
        return name == null ? "RingAsyncAppender" : name;
    }

    // ---- configuration: the stock AsyncAppender's properties ----

    /** Ring size in events, rounded up to a power of two; default {@value #DEFAULT_QUEUE_SIZE}. */
    public void setQueueSize(int queueSize) {
        settings.queueSize = queueSize;
    }

    /** The configured ring size. */
    public int getQueueSize() {
        return settings.queueSize;
    }

    /**
     * Free slots at or below which TRACE, DEBUG and INFO events are dropped (and counted) instead of
     * queued; default {@value #DEFAULT_DISCARDING_THRESHOLD}, which turns it off.
     */
    public void setDiscardingThreshold(int discardingThreshold) {
        settings.discardingThreshold = discardingThreshold;
    }

    /** The configured discarding threshold. */
    public int getDiscardingThreshold() {
        return settings.discardingThreshold;
    }

    /** True: a caller never waits; an event that does not fit is dropped and counted (fullQueuePolicy DROP_ALL). Default false. */
    public void setNeverBlock(boolean neverBlock) {
        settings.neverBlock = neverBlock;
    }

    /** Whether callers never wait. */
    public boolean isNeverBlock() {
        return settings.neverBlock;
    }

    /**
     * How long {@link #stop()} may spend delivering what is queued: milliseconds ({@code 1000}) or a Logback duration
     * ({@code 2 seconds}); 0 = no bound; default {@value #DEFAULT_MAX_FLUSH_TIME} ms. A value that is neither is a
     * configuration error: the appender does not start.
     */
    public void setMaxFlushTime(String maxFlushTime) {
        settings.maxFlushTime = maxFlushTime;
        settings.maxFlushTimeProperty = "maxFlushTime";
    }

    /** The configured drain bound, as written. */
    public String getMaxFlushTime() {
        return settings.maxFlushTime;
    }

    /** Whether caller data ({@code %method}, {@code %line}, ...) is captured on the caller's thread; default false. */
    public void setIncludeCallerData(boolean includeCallerData) {
        settings.includeCallerData = includeCallerData;
    }

    /** Whether caller data is captured. */
    public boolean isIncludeCallerData() {
        return settings.includeCallerData;
    }

    // ---- configuration: Ringlog's additions ----

    /**
     * What a caller experiences when the ring is full: {@code BLOCK} (default: wait, nothing is lost),
     * {@code DROP_BELOW_WARN} (drop TRACE..INFO, WARN and ERROR wait) or {@code DROP_ALL} (never wait).
     * Case-insensitive; an unknown name is a configuration error and the appender does not start.
     */
    public void setFullQueuePolicy(String fullQueuePolicy) {
        settings.fullQueuePolicy = fullQueuePolicy;
    }

    /** The configured policy name, or null if not set (BLOCK). */
    public String getFullQueuePolicy() {
        return settings.fullQueuePolicy;
    }

    /**
     * The longest a caller waits for a free slot, after which its event is dropped and counted: milliseconds
     * ({@code 250}) or a Logback duration ({@code 500 milliseconds}); -1 (default) = no bound, 0 = never wait. A value
     * that is neither is a configuration error: the appender does not start (it would otherwise wait without bound).
     */
    public void setMaxBlockTime(String maxBlockTime) {
        settings.maxBlockTime = maxBlockTime;
        settings.maxBlockTimeProperty = "maxBlockTime";
    }

    /** The configured block bound, as written. */
    public String getMaxBlockTime() {
        return settings.maxBlockTime;
    }

    /**
     * The most bytes the queued events may hold, as estimated per event (its stack trace, its message, the bytes encoded
     * for it on the caller): bytes, or a size with {@code KB}, {@code MB} or {@code GB}; default a sixteenth of the maximum
     * heap, {@code 0} = no byte bound. An event that would pass it is handled as on a full ring: the policy has the caller
     * wait, or drops it (counted as {@code queue_bytes_full}). Only events estimated at 1 KiB or more count. An invalid
     * value is a configuration error: the appender does not start.
     */
    public void setMaxQueueBytes(String maxQueueBytes) {
        settings.maxQueueBytes = maxQueueBytes;
    }

    /** The configured byte bound, as written, or null for the default. */
    public String getMaxQueueBytes() {
        return settings.maxQueueBytes;
    }

    /** Whether the counters are published as an MBean while the appender runs; default true. */
    public void setJmx(boolean jmx) {
        settings.jmx = jmx;
    }

    /** Whether the MBean is registered. */
    public boolean isJmx() {
        return settings.jmx;
    }

    /**
     * The {@code name} key of the MBean's ObjectName; default (null or empty): the appender's name. When another
     * live appender holds the resulting name (another application whose Logback context has the same name, often
     * {@code default}), {@code instance=<n>} is added and a warning says so.
     */
    public void setJmxName(String jmxName) {
        settings.jmxName = jmxName;
    }

    /** The configured {@code name} key of the MBean, or null when it is the appender's name. */
    public String getJmxName() {
        return settings.jmxName;
    }

    /** Whether the queue is delivered when the JVM exits without Logback being stopped; default true. */
    public void setDrainOnExit(boolean drainOnExit) {
        settings.drainOnExit = drainOnExit;
    }

    /** Whether the queue is drained at JVM exit. */
    public boolean isDrainOnExit() {
        return settings.drainOnExit;
    }

    /** The most events delivered between two flushes; default {@value #DEFAULT_MAX_BATCH_SIZE}. */
    public void setMaxBatchSize(int maxBatchSize) {
        settings.maxBatchSize = maxBatchSize;
    }

    /** The configured batch bound. */
    public int getMaxBatchSize() {
        return settings.maxBatchSize;
    }

    /**
     * Whether children configured with {@code immediateFlush=false} are flushed at the end of each batch, like
     * every other file and console child, so that their files are current whenever the queue is idle; default
     * true. False leaves them as configured while the appender runs: their buffer is written when full and when they
     * stop, and after a completed drain (a stop, or the JVM-exit drain).
     */
    public void setFlushAtEndOfBatch(boolean flushAtEndOfBatch) {
        settings.flushAtEndOfBatch = flushAtEndOfBatch;
    }

    /** Whether buffered children are flushed at the end of each batch. */
    public boolean isFlushAtEndOfBatch() {
        return settings.flushAtEndOfBatch;
    }

    /**
     * Where file and console children ({@code OutputStreamAppender}s) are encoded: {@code AUTO} (default
     * {@value LogbackSettings#DEFAULT_CALLER_ENCODING}) on the callers' threads where that is known to be right (a
     * thread-safe encoder such as Logback's {@code PatternLayoutEncoder} or {@code JsonEncoder}, logstash-logback-encoder's
     * or Spring Boot's structured encoders; a child class that keeps Logback's append path; no filter, or only
     * {@code ThresholdFilter}/{@code LevelFilter}, decided on the caller), on the consumer thread otherwise;
     * {@code ALWAYS} on the callers for every such child, for encoders the configuration knows to be thread-safe;
     * {@code NEVER} on the consumer, as the stock {@code AsyncAppender}. Case-insensitive; an unknown value is reported
     * as an error and {@code AUTO} is used.
     */
    public void setCallerEncoding(String callerEncoding) {
        settings.callerEncoding = callerEncoding;
    }

    /** The configured caller encoding, as written. */
    public String getCallerEncoding() {
        return settings.callerEncoding;
    }

    // ---- configuration: logstash-logback-encoder's names for the same properties ----

    /** Alias of {@link #setQueueSize} under logstash-logback-encoder's name ({@code AsyncDisruptorAppender}). */
    public void setRingBufferSize(int ringBufferSize) {
        setQueueSize(ringBufferSize);
    }

    /**
     * Alias of {@link #setMaxBlockTime} under logstash-logback-encoder's name, with the same meaning there: -1 waits
     * without bound, 0 drops at once, more waits that long. Unlike that project, Ringlog waits when it is not set.
     */
    public void setAppendTimeout(String appendTimeout) {
        settings.maxBlockTime = appendTimeout;
        settings.maxBlockTimeProperty = "appendTimeout";
    }

    /**
     * Alias of {@link #setMaxFlushTime} under logstash-logback-encoder's name, read with that project's meaning: a
     * negative value waits without bound, 0 (there: do not wait) waits at most 1 ms, with a warning. Its default
     * there is 1 minute; Ringlog's is {@value #DEFAULT_MAX_FLUSH_TIME} ms.
     */
    public void setShutdownGracePeriod(String shutdownGracePeriod) {
        settings.maxFlushTime = shutdownGracePeriod;
        settings.maxFlushTimeProperty = LogbackSettings.SHUTDOWN_GRACE_PERIOD;
    }

    // ---- AppenderAttachable: the <appender-ref> children ----

    /** Attaches a child; each child receives every event. Joran calls this for each {@code <appender-ref>}. */
    @Override
    public void addAppender(Appender<ILoggingEvent> newAppender) {
        addInfo("Attaching appender named [" + (newAppender == null ? null : newAppender.getName()) + "] to RingAsyncAppender ["
                + pipelineName() + "].");
        children.addAppender(newAppender);
    }

    @Override
    public Iterator<Appender<ILoggingEvent>> iteratorForAppenders() {
        return children.iteratorForAppenders();
    }

    @Override
    public Appender<ILoggingEvent> getAppender(String name) {
        return children.getAppender(name);
    }

    @Override
    public boolean isAttached(Appender<ILoggingEvent> appender) {
        return children.isAttached(appender);
    }

    @Override
    public void detachAndStopAllAppenders() {
        children.detachAndStopAllAppenders();
    }

    @Override
    public boolean detachAppender(Appender<ILoggingEvent> appender) {
        return children.detachAppender(appender);
    }

    @Override
    public boolean detachAppender(String name) {
        return children.detachAppender(name);
    }
}
