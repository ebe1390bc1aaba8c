package io.ringlog.log4j2;

import java.io.Serializable;
import java.lang.reflect.Method;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.AppenderLoggingException;
import org.apache.logging.log4j.core.appender.OutputStreamManager;
import org.apache.logging.log4j.core.appender.RollingFileAppender;
import org.apache.logging.log4j.core.appender.RollingRandomAccessFileAppender;
import org.apache.logging.log4j.core.appender.rolling.RollingFileManager;
import org.apache.logging.log4j.core.config.AppenderControl;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.layout.AbstractLayout;
import org.apache.logging.log4j.core.layout.ByteBufferDestination;

/**
 * One file or console target of {@code <RingAsync>} whose events the callers encode with its own layout: the consumer
 * writes their bytes into the target's output as the target's own append path would have, and no layout runs there.
 * That path, for the appenders it accepts ({@link #whyOnConsumer}): the {@code <AppenderRef>}'s level and filter and the
 * appender's filter (as its {@link AppenderControl} decides), the rollover check of a rolling file, the write into the
 * output's manager (its lock, its buffer), and a flush when the appender flushes every event or the event ends a batch.
 * A failed write goes to the appender's error handler and, unless the appender ignores exceptions, is thrown for the
 * pipeline to count, as through {@code AppenderControl}.
 *
 * <p>Thread-safety: immutable; {@link #encode} on any caller thread (Log4j2 layouts are thread-safe by contract:
 * synchronous appenders call them concurrently), {@link #write} on the consumer thread.
 */
final class EncodedTarget {
    private final AppenderControl control;
    private final Level refLevel;
    private final AbstractOutputStreamAppender<?> appender;
    private final Layout<? extends Serializable> layout;
    /** The target's decision on the caller, or null when nothing filters it. */
    private final TargetFilter filter;
    private final boolean rolling;

    private EncodedTarget(AppenderControl control, AppenderRef ref, AbstractOutputStreamAppender<?> appender, TargetFilter filter) {
        this.control = control;
        this.refLevel = ref.getLevel();
        this.appender = appender;
        this.layout = appender.getLayout();
        this.filter = filter;
        this.rolling = appender.getManager() instanceof RollingFileManager;
    }

    /**
     * The target reached through {@code ref} and {@code control}, encoded on the callers under {@code mode}, or null
     * with the reason in {@code why} (empty when it is not a file or console target at all).
     */
    static EncodedTarget of(AppenderRef ref, AppenderControl control, CallerEncodingMode mode, StringBuilder why) {
        Appender target = control.getAppender();
        String onConsumer = whyOnConsumer(ref, target, mode);
        if (onConsumer != null) {
            why.append(onConsumer);
            return null;
        }
        return new EncodedTarget(control, ref, (AbstractOutputStreamAppender<?>) target, TargetFilter.of(ref, target));
    }

    /**
     * Why the target stays encoded on the consumer, or null if the callers encode it: only an output-stream
     * appender (file, rolling file, random-access, memory-mapped, console) that runs Log4j2's own append path, with a
     * layout, and with filters the caller can decide; under {@code AUTO} only when its layout makes a byte array per
     * event anyway. A layout that encodes straight into the appender's buffer ({@code PatternLayout},
     * {@code JsonTemplateLayout}) costs the consumer less than a copy would cost the callers (measured for
     * {@code PatternLayout}: docs/benchmarks/log4j2-caller-encoding.md).
     */
    static String whyOnConsumer(AppenderRef ref, Appender target, CallerEncodingMode mode) {
        if (mode == CallerEncodingMode.NEVER || !(target instanceof AbstractOutputStreamAppender)) {
            return "";
        }
        Layout<? extends Serializable> layout = target.getLayout();
        if (layout == null) {
            return "";
        }
        String override = appendPathOverride(target.getClass());
        if (override != null) {
            return "its class overrides Log4j2's append path (" + override + "), which may change the event before it is encoded";
        }
        if (!TargetFilter.isDecidedOnCaller(ref.getFilter())
                || !TargetFilter.isDecidedOnCaller(((AbstractOutputStreamAppender<?>) target).getFilter())) {
            return "a filter on its way can only be decided on the consumer thread";
        }
        if (mode == CallerEncodingMode.AUTO && !buildsBytesPerEvent(layout)) {
            return "its layout " + layout.getClass().getName() + " encodes straight into the appender's buffer, which is "
                    + "cheaper on the consumer thread";
        }
        return null;
    }

    /**
     * A method of the append path declared by a class between Log4j2's {@code AbstractOutputStreamAppender} and
     * {@code type}, or null if there is none; the rolling appenders' {@code append} (a rollover check, then the stock
     * path) is replayed by {@link #write}.
     */
    static String appendPathOverride(Class<?> type) {
        for (Class<?> at = type; at != null && at != AbstractOutputStreamAppender.class; at = at.getSuperclass()) {
            if (at == RollingFileAppender.class || at == RollingRandomAccessFileAppender.class) {
                continue;
            }
            for (Method method : at.getDeclaredMethods()) {
                String name = method.getName();
                if (name.equals("append") || name.equals("directEncodeEvent") || name.equals("writeByteArrayToManager")) {
                    return at.getName() + "." + name;
                }
            }
        }
        return null;
    }

    /** Whether {@code layout} encodes by making the event's byte array first ({@code AbstractLayout}'s own {@code encode}). */
    static boolean buildsBytesPerEvent(Layout<?> layout) {
        try {
            return layout.getClass().getMethod("encode", Object.class, ByteBufferDestination.class).getDeclaringClass() == AbstractLayout.class;
        } catch (NoSuchMethodException notALayoutMethod) {
            return false;
        }
    }

    /** The layout: targets with the same layout object get the same bytes. */
    Layout<? extends Serializable> layout() {
        return layout;
    }

    /** Whether the caller can tell that the target refuses {@code event}. Allocates nothing. */
    boolean refuses(LogEvent event) {
        return filter != null && !filter.takes(event);
    }

    /** The event's bytes by the target's layout, on the caller's thread; null if the layout failed (the consumer tries again). */
    byte[] encode(LogEvent event) {
        try {
            return layout.toByteArray(event);
        } catch (RuntimeException failed) {
            return null;
        }
    }

    /**
     * Writes the bytes the callers encoded for {@code event}, on the consumer thread, if the target takes it (its
     * filters are run again: a filter replaced since the start is decided only here).
     */
    void write(LogEvent event, byte[] bytes) {
        if (refLevel != null && refLevel.intLevel() < event.getLevel().intLevel() || control.isFiltered(event)
                || appender.isFiltered(event)) {
            return;
        }
        OutputStreamManager manager = appender.getManager();
        try {
            if (rolling) {
                ((RollingFileManager) manager).checkRollover(event);
            }
            manager.writeBytes(bytes, 0, bytes.length);
            if (appender.getImmediateFlush() || event.isEndOfBatch()) {
                manager.flush();
            }
        } catch (RuntimeException failed) {
            appender.getHandler().error("An exception occurred processing Appender " + appender.getName(), event, failed);
            if (!appender.ignoreExceptions()) {
                throw failed instanceof AppenderLoggingException ? (AppenderLoggingException) failed : new AppenderLoggingException(failed);
            }
        }
    }
}
