package io.ringlog.log4j2;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.AppenderLoggingException;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.appender.FileManager;
import org.apache.logging.log4j.core.appender.OutputStreamManager;
import org.apache.logging.log4j.core.appender.RandomAccessFileAppender;
import org.apache.logging.log4j.core.appender.RollingFileAppender;
import org.apache.logging.log4j.core.appender.RollingRandomAccessFileAppender;
import org.apache.logging.log4j.core.appender.rolling.RollingFileManager;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.layout.ByteBufferDestination;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.apache.logging.log4j.core.util.Constants;

/**
 * A target appender whose events RingAsync encodes on the caller's thread, leaving the consumer only the write of the
 * bytes and the rollover check: what the target's own {@code append} does, split in two.
 *
 * <p>Only where that split is provably equivalent to the target's {@code append} called through an
 * {@code AppenderControl}, as Log4j2 2.17.2 to 2.26.1 implement them ({@link #of} checks each condition):
 * <ul>
 * <li>the appender is exactly a {@code File}, {@code RollingFile}, {@code RandomAccessFile},
 * {@code RollingRandomAccessFile} or {@code Console} appender (final classes whose {@code append} is
 * {@code AbstractOutputStreamAppender}'s, after {@code checkRollover} for the rolling ones);
 * <li>its layout is exactly a {@code PatternLayout}: thread-safe, and what it writes depends on the event it is shown
 * ({@link EncodingView}: what the slot shows it), so encoding earlier on another thread writes the same bytes (Log4j2
 * calls it from every caller at once when logging is synchronous). The one exception, {@code %sn}, numbers the events
 * in the order they are encoded, as synchronous logging does. A custom layout may rely on the single consumer thread,
 * and some of Log4j2's own depend on the events before ({@code JsonLayout}'s {@code complete} separators): they keep
 * the ordinary path;
 * <li>neither the appender nor its {@code AppenderRef} has a filter: a filter that refused the event would make the
 * encoding wasted work, and a filter sees the consumer's slot on the ordinary path. The AppenderRef's level is checked
 * on the caller ({@link #accepts}), as {@code AppenderControl} checks it;
 * <li>a {@code File} appender does not lock its file: with {@code locking="true"}, writing bytes through the manager
 * would take the file lock in {@code write} and again in {@code writeToDestination}, which Java refuses within one
 * JVM; the direct-encoding path that {@code append} takes only locks in the latter.
 * </ul>
 * A filter added to the appender later is still applied, on the consumer. {@code RollingRandomAccessFileManager}'s
 * {@code setEndOfBatch} is a no-op in every supported version: the flush follows the event's end-of-batch flag, here
 * the delivery's.
 *
 * <p>Thread-safety: immutable; {@link #accepts} and {@link #encode} run on callers' threads, {@link #write} on the
 * consumer thread. The manager and the layout are Log4j2's, which serve concurrent callers.
 */
final class EncodedTarget {
    private final AbstractOutputStreamAppender<?> appender;
    private final OutputStreamManager manager;
    private final RollingFileManager rolling;
    private final PatternLayout layout;
    private final boolean immediateFlush;
    private final int lowestAccepted;
    private final String writeFailure;
    private final String appendFailure;

    private EncodedTarget(AbstractOutputStreamAppender<?> appender, PatternLayout layout, Level refLevel) {
        this.appender = appender;
        this.manager = appender.getManager();
        this.rolling = manager instanceof RollingFileManager ? (RollingFileManager) manager : null;
        this.layout = layout;
        this.immediateFlush = appender.getImmediateFlush();
        this.lowestAccepted = refLevel == null ? Level.ALL.intLevel() : refLevel.intLevel();
        // AbstractOutputStreamAppender.append's and AppenderControl's messages, word for word.
        this.writeFailure = "Unable to write to stream " + manager.getName() + " for appender " + appender.getName();
        this.appendFailure = "An exception occurred processing Appender " + appender.getName();
    }

    /**
     * The target as an encoded target, or null if it must keep the ordinary path (see the class notes).
     *
     * @param target the appender the AppenderRef names
     * @param ref    the AppenderRef, with its level and filter
     */
    static EncodedTarget of(Appender target, AppenderRef ref) {
        Class<?> type = target.getClass();
        boolean writesBytes = type == FileAppender.class || type == RollingFileAppender.class
                || type == RandomAccessFileAppender.class || type == RollingRandomAccessFileAppender.class
                || type == ConsoleAppender.class;
        if (!writesBytes || ref.getFilter() != null) {
            return null;
        }
        AbstractOutputStreamAppender<?> appender = (AbstractOutputStreamAppender<?>) target;
        if (appender.hasFilter() || appender.getLayout() == null || appender.getLayout().getClass() != PatternLayout.class) {
            return null;
        }
        PatternLayout layout = (PatternLayout) appender.getLayout();
        OutputStreamManager manager = appender.getManager();
        if (manager == null || manager instanceof FileManager && ((FileManager) manager).isLocking()) {
            return null;
        }
        return new EncodedTarget(appender, layout, ref.getLevel());
    }

    /** Whether the AppenderRef's level lets the event through, as {@code AppenderControl} decides; any thread. */
    boolean accepts(LogEvent event) {
        return lowestAccepted >= event.getLevel().intLevel();
    }

    /**
     * Encodes the caller's event with the target's layout, as {@code AbstractOutputStreamAppender} would on the
     * caller's thread: directly ({@code Layout.encode}) unless Log4j2's direct encoders are switched off
     * ({@code log4j2.enable.direct.encoders=false}), then through {@code toByteArray}.
     */
    void encode(LogEvent event, ByteBufferDestination destination) {
        if (Constants.ENABLE_DIRECT_ENCODERS) {
            layout.encode(event, destination);
        } else {
            byte[] bytes = layout.toByteArray(event);
            if (bytes != null) {
                destination.writeBytes(bytes, 0, bytes.length);
            }
        }
    }

    /**
     * Writes an event's encoded bytes as the target's {@code append}, called through {@code AppenderControl}, would
     * have written them: the appender's filter (if one was added since), the rollover check, the write, a flush if
     * the appender flushes every event or this is the end of a batch, and Log4j2's error handling: a failure goes to
     * the appender's error handler and is thrown only when the appender does not ignore exceptions.
     *
     * @param event      the slot, for the filter, the rollover check and the error handler
     * @param bytes      holds the encoded bytes
     * @param offset     where they start in {@code bytes}
     * @param length     how many there are
     * @param endOfBatch whether to flush after them
     */
    void write(LogEvent event, byte[] bytes, int offset, int length, boolean endOfBatch) {
        if (appender.isFiltered(event)) {
            return;
        }
        try {
            if (rolling != null) {
                rolling.checkRollover(event);
            }
            try {
                // AbstractOutputStreamAppender: encode into the manager, then flush; or write toByteArray's bytes,
                // if any, with the flush: OutputStreamManager.writeBytes is write(..., false).
                if (Constants.ENABLE_DIRECT_ENCODERS || length > 0) {
                    manager.writeBytes(bytes, offset, length);
                    if (immediateFlush || endOfBatch) {
                        manager.flush();
                    }
                }
            } catch (AppenderLoggingException failed) {
                appender.error(writeFailure, event, failed);
                throw failed;
            }
        } catch (RuntimeException failed) {
            handleFailure(event, failed);
        } catch (Throwable failed) {
            handleFailure(event, new AppenderLoggingException(failed));
        }
    }

    private void handleFailure(LogEvent event, RuntimeException failure) {
        appender.getHandler().error(appendFailure, event, failure);
        if (!appender.ignoreExceptions()) {
            throw failure;
        }
    }

    /** The target appender. */
    Appender appender() {
        return appender;
    }
}
