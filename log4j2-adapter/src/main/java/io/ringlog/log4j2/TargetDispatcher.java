package io.ringlog.log4j2;

import io.ringlog.core.CallerContext;
import io.ringlog.core.EventSink;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.AppenderControl;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Hands events to the target appenders through their {@link AppenderControl}s, which apply each
 * {@code <AppenderRef>}'s level and filter, as Log4j2's {@code <Async>} dispatcher does: every target is tried, and
 * the error appender gets the event only if none of them took it.
 *
 * <p>A target that throws, or one that was already stopped, makes the delivery count as failed (the pipeline
 * counts and reports it; the other targets still got the event). A stopped target is skipped rather than called:
 * Log4j2 would otherwise report a closed stream for it.
 *
 * <p>A target whose events the callers encoded ({@link CallerLayouts}) gets the bytes written into its output by its
 * {@link EncodedTarget}, with the same filters and flush; an event without bytes for it goes through its
 * {@code AppenderControl}.
 *
 * <p>The caller's OpenTelemetry context, if the slot carries one ({@link CallerContext}), is current on the consumer
 * while the targets get the event: OpenTelemetry's appender takes the trace and span from it when the context data
 * carries no context of its own.
 *
 * <p>Thread-safety: {@link #deliver} runs on the consumer thread only; {@link #deliverNow} on a caller's thread; {@link AppenderControl} and Log4j2 appenders are
 * thread-safe.
 */
final class TargetDispatcher implements EventSink<LogEventSlot> {
    private static final Logger LOGGER = StatusLogger.getLogger();

    private final String appenderName;
    private final AppenderControl[] targets;
    private final AppenderControl errorTarget;
    /** Per target: what the consumer writes when the callers encoded the event for it, or null. */
    private final EncodedTarget[] encodedTargets;
    /** Per target: its index in a slot's bytes encoded on the callers, or -1. */
    private final int[] slotIndex;

    TargetDispatcher(String appenderName, List<AppenderControl> targets, AppenderControl errorTarget, CallerLayouts layouts) {
        this.appenderName = appenderName;
        this.targets = targets.toArray(new AppenderControl[0]);
        this.errorTarget = errorTarget;
        this.encodedTargets = new EncodedTarget[this.targets.length];
        this.slotIndex = new int[this.targets.length];
        for (int i = 0; i < this.targets.length; i++) {
            encodedTargets[i] = layouts.encodedTarget(i);
            slotIndex[i] = layouts.slotIndexOf(i);
        }
    }

    @Override
    public void deliver(LogEventSlot slot, boolean endOfBatch) throws Exception {
        slot.setEndOfBatch(endOfBatch);
        CallerContext carrier = CallerContext.ON_CLASS_PATH;
        Object attached = carrier.attach(slot.callerContext());
        try {
            dispatch(slot, slot);
        } finally {
            carrier.detach(attached);
        }
    }

    @Override
    public void clear(LogEventSlot slot) {
        slot.clear();
    }

    /**
     * Delivers an event (a copy the caller owns) on the caller's thread, outside the ring: after the drain, or
     * when the ring is full and the caller must not wait. Failures are reported, never thrown at the caller.
     */
    void deliverNow(LogEvent copy) {
        copy.setEndOfBatch(true);
        try {
            dispatch(copy, null);
        } catch (VirtualMachineError fatal) {
            throw fatal;
        } catch (Exception | Error failure) {
            LOGGER.error("RingAsync appender '{}' could not deliver an event on the caller's thread: {}; the event was "
                    + "not written to that appender", appenderName, failure.getMessage(), failure);
        }
    }

    /** Gives an event the pipeline dropped to the error appender, if there is one, on the caller's thread. */
    void deliverDropped(LogEvent event) {
        if (errorTarget != null && errorTarget.getAppender().isStarted()) {
            errorTarget.callAppender(event);
        }
    }

    /** Gives {@code event} to every target: the bytes the callers encoded for a target, if {@code slot} holds some, else the event. */
    private void dispatch(LogEvent event, LogEventSlot slot) throws Exception {
        Throwable failure = null;
        List<String> stopped = null;
        boolean taken = false;
        for (int i = 0; i < targets.length; i++) {
            AppenderControl target = targets[i];
            if (!target.getAppender().isStarted()) {
                stopped = add(stopped, target.getAppenderName());
                continue;
            }
            try {
                byte[] encoded = slot == null || slotIndex[i] < 0 ? null : slot.encoded(slotIndex[i]);
                if (encoded != null) {
                    encodedTargets[i].write(event, encoded);
                } else {
                    target.callAppender(event);
                }
                taken = true;
            } catch (Exception | Error thrown) {
                if (failure == null) {
                    failure = thrown;
                }
            }
        }
        if (!taken && errorTarget != null) {
            Appender error = errorTarget.getAppender();
            if (error.isStarted()) {
                errorTarget.callAppender(event);
            }
        }
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        if (failure != null) {
            throw (Exception) failure;
        }
        if (stopped != null) {
            throw new IllegalStateException("appender(s) " + stopped + " had already stopped when RingAsync appender '"
                    + appenderName + "' delivered an event; it was not written to them");
        }
    }

    private static List<String> add(List<String> names, String name) {
        List<String> result = names == null ? new ArrayList<>(2) : names;
        result.add(name);
        return result;
    }

    /** The target appenders, in AppenderRef order. */
    List<Appender> appenders() {
        List<Appender> result = new ArrayList<>(targets.length);
        for (AppenderControl target : targets) {
            result.add(target.getAppender());
        }
        return result;
    }

    /** The error appender, or null. */
    Appender errorAppender() {
        return errorTarget == null ? null : errorTarget.getAppender();
    }
}
